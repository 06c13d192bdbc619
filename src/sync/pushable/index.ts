/** Which pulled tables edits go back from, and through which WriteModel (the pane's Changes view and the workbook command). */
export { pushableOf, type PushableRecords, type PushableTable } from './pushable-table';
