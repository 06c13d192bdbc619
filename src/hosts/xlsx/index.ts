/** The xlsx host (workbook files over exceljs): what a CLI or the preview builds it from and uses (README.md beside). */
export { newXlsxDocument, type XlsxDocument } from './xlsx-document';
export { saveWorkbook } from './save-workbook';
export { xlsxHost, type XlsxHost } from './xlsx-host';
export { XlsxWorkbookPort, type XlsxPortOptions } from './xlsx-workbook-port';
export { BIG_TABLE_ROWS } from './big-tables';
export { BigTableError } from './big-table';
export { XlsxBaselineStore } from './xlsx-baseline-store';
export { XlsxPushJournal } from './xlsx-push-journal';
export { XlsxPullStateStore } from './xlsx-pull-state';
export { XlsxConnectionStore } from './xlsx-connection-store';
export { markXlsxInputColumns, XlsxPushSheet } from './xlsx-push-sheet';
export { openXlsxDocument, type OpenedXlsxDocument } from './open-xlsx-document';
export { saveXlsxDocument } from './save-xlsx-document';
export { AUTO_SHOW_SETTING, webExtensionFor, type AddInManifest, type WebExtensionInfo } from './web-extension-info';
export { scanPackage } from './package-secret-scan';
