/**
 * The colours of a pushable table's cells, in both workbook hosts (the Excel host's `input-style.ts`, the xlsx host's
 * `input-cells.ts`), so a file pushed headless looks as one pushed in Excel does. The editable columns' cells are input
 * cells in a quiet look (a pale blue-grey fill and a blue font: the modelling convention "blue is input", with a fill
 * so they stay apart in a dark grid too, where a blue font alone is unreadable); cells changed but not landed stand
 * out strongly (amber, Excel's standard "Orange" swatch, with a black font). Contrast (WCAG): input text 7.2:1 on its
 * fill, changed text 12.8:1.
 */

export const INPUT_FILL = '#EEF4FB';
export const INPUT_FONT = '#1F4E9E';
export const CHANGED_FILL = '#FFC000';
export const CHANGED_FONT = '#000000';
