/** The in-memory Excel JavaScript API simulation: public entry points. See README.md in this folder. */

export { createSimulatedWorkbook, SimulatedWorkbook, type SimulatedWorkbookOptions, type TableSnapshot } from './simulated-workbook';
export { installExcelSimulation, createExcelGlobals, type Installation, type ExcelSimulationGlobals } from './install';
export { SimError, ERROR_MESSAGES } from './errors';
export { SyncStats, WEB_PAYLOAD_LIMIT_BYTES, MAX_READ_CELLS, utf8Length, type SyncRecord } from './payload';
export { SimRequestContext } from './request-context';
export { SimRange } from './range';
export { SimWorksheet, SimWorksheetCollection } from './worksheet';
export { SimTable } from './table';
export { SimTableCollection } from './table-collection';
export { SimTableRow, SimTableRowCollection } from './table-rows';
export { SimTableColumn, SimTableColumnCollection } from './table-columns';
export { SimApplication } from './application';
export { SimSetting, SimSettingCollection } from './settings';
export { SETTINGS_LIMIT_BYTES } from './settings-state';
export { SimClientResult } from './client-object';
export * as enums from './enums';
export type { CellValue } from './cell';
