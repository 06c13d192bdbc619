/**
 * Document settings Office itself reads, by the name it reads them under. Both workbook hosts write them (the Excel
 * host through `workbook.settings`, the xlsx host into the add-in's part) and the pane names them in the share check;
 * the core only asks the share port (`readAutoOpen`, `writeAutoOpen`).
 */

/** Opens the add-in's task pane with the document when true (`AddInCommands 1.1`). */
export const AUTO_SHOW_SETTING = 'Office.AutoShowTaskpaneWithDocument';
