/** The in-memory Excel JavaScript API simulation: public entry points. See README.md in this folder. */

export {
  createSimulatedWorkbook,
  SimulatedWorkbook,
  type SimulatedWorkbookOptions,
  type TableSnapshot,
  type TableLayout,
  type CellColors,
} from './simulated-workbook';
export {
  isWorkbookSnapshot,
  snapshotWorkbookInSlices,
  SNAPSHOT_VERSION,
  type WorkbookSnapshot,
  type SheetSnapshot,
} from './model/workbook-snapshot';
export { installExcelSimulation, createExcelGlobals, type Installation, type ExcelSimulationGlobals } from './install';
export { SimError, ERROR_MESSAGES } from './batch/errors';
export { SyncStats, WEB_PAYLOAD_LIMIT_BYTES, MAX_READ_CELLS, utf8Length, type SyncRecord } from './batch/payload';
export { SimRequestContext } from './proxies/request-context';
export { SimRange } from './proxies/range';
export { SimWorksheet, SimWorksheetCollection } from './proxies/worksheet';
export { SimTable } from './proxies/table';
export { SimTableCollection } from './proxies/table-collection';
export { SimTableRow, SimTableRowCollection } from './proxies/table-rows';
export { SimTableColumn, SimTableColumnCollection } from './proxies/table-columns';
export { SimApplication } from './proxies/application';
export { SimSetting, SimSettingCollection } from './proxies/settings';
export { SETTINGS_LIMIT_BYTES } from './model/settings-state';
export { SimClientResult } from './batch/client-object';
export * as enums from './proxies/enums';
export type { CellValue, Result } from './model/cell';
export type { ChartSeries } from './model/chart-state';
export type { ChartState, PivotState } from './model/types';
export {
  CustomFunctionError,
  ErrorCode as CustomFunctionErrorCode,
  type ErrorCodeValue as CustomFunctionErrorCodeValue,
} from './formula/custom-function-error';
export {
  DEFAULT_NAMESPACE as DEFAULT_CUSTOM_FUNCTIONS_NAMESPACE,
  type CustomFunctionImplementation,
  type CustomFunctionsGlobal,
} from './formula/custom-function-registry';
export type { CustomFunctionsMetadata, FunctionMetadata, ParameterMetadata } from './formula/custom-function-metadata';
export { ValidationRefusal, DEFAULT_ALERT, type CellListView } from './model/user-entry';
export { SimDataValidation } from './proxies/data-validation';
export { SPILL_BLOCKED, type SpillBlock } from './model/spill-state';
