/**
 * The template's Start here sheet, in the template's language: what the workbook is, how to connect, where
 * secrets live (not in the file), and what to do when the pane does not open.
 */

import type { Language, MessageKey } from '../../i18n/catalog';
import { translate } from '../../i18n/translate';
import type { LayoutCell, SheetLayout } from './sheet-layout';

const PARTS: ReadonlyArray<readonly [MessageKey, MessageKey]> = [
  ['template.start.what', 'template.start.what.text'],
  ['template.start.connect', 'template.start.connect.text'],
  ['template.start.load', 'template.start.load.text'],
  ['template.start.secrets', 'template.start.secrets.text'],
  ['template.start.install', 'template.start.install.text'],
];

export function startHereSheet(language: Language): SheetLayout {
  const overview = translate(language, 'template.overview.sheet');
  const cells: LayoutCell[] = [{ row: 1, column: 1, value: translate(language, 'template.start.title'), style: 'title' }];
  PARTS.forEach(([heading, text], i) => {
    const row = 3 + i * 3;
    cells.push({ row, column: 1, value: translate(language, heading), style: 'section' });
    cells.push({ row: row + 1, column: 1, value: translate(language, text, { overview }), style: 'paragraph' });
  });
  return { name: translate(language, 'template.start.sheet'), cells, widths: new Map([[1, 80]]) };
}
