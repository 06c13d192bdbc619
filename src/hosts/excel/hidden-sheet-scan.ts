/**
 * The add-in's very hidden sheets (push baselines, push journal, the in-cell lists' items) for the check before sharing and for emptying:
 * each read whole in row blocks under the response caps, its texts handed on for the secret scan and its size
 * counted; the workbook's other sheets read the same way for the scan alone; and the hidden sheets' removal.
 * Batches go through the queue the stores share (`hidden-text-sheet.ts`), so a scan never reads half a write.
 */

import type { HiddenSheetPurpose, HiddenSheetSize } from '../../sync/share/share-port';
import { textBytes } from '../../sync/share/text-bytes';
import { DEFAULT_BUDGET_BYTES } from './chunk-plan';
import { existingSheet, serialized } from './hidden-text-sheet';
import { readRowBlocks, type LoadedCells, type ReadProperty } from './read-row-blocks';
import type { ExcelSession } from './run-excel';
import { BASELINE_SHEET } from './sheet-baseline-store';
import { JOURNAL_SHEET } from './sheet-push-journal';
import { LISTS_SHEET } from '../../sync/tables/lists-sheet';

export const HIDDEN_SHEETS: ReadonlyArray<{ name: string; purpose: HiddenSheetPurpose }> = [
  { name: BASELINE_SHEET, purpose: 'baseline' },
  { name: JOURNAL_SHEET, purpose: 'journal' },
  { name: LISTS_SHEET, purpose: 'lists' },
];

/** Rows of the first block (later ones are sized from the bytes read). */
const FIRST_BLOCK_ROWS = 1_000;

export function scanHiddenSheets(visit: (purpose: HiddenSheetPurpose, texts: readonly string[]) => void): Promise<HiddenSheetSize[]> {
  return serialized(async (session) => {
    const sizes: HiddenSheetSize[] = [];
    for (const { name, purpose } of HIDDEN_SHEETS) {
      const sheet = await existingSheet(session, name);
      if (sheet !== undefined) sizes.push({ name, purpose, ...(await scanSheet(session, sheet, (texts) => visit(purpose, texts))) });
    }
    return sizes;
  });
}

/**
 * Every other sheet of the workbook (visible, hidden, very hidden: not the add-in's own, scanned above), read the
 * same way, its non-empty cell texts to `visit`: the check before sharing looks for a secret someone typed or pasted,
 * in a cell's value or in the text of its formula (`=IF(FALSE,"secret","")` shows nothing of it).
 */
export function scanOtherSheets(visit: (sheet: string, texts: readonly string[]) => void): Promise<void> {
  return serialized(async (session) => {
    const sheets = session.context.workbook.worksheets.load('items/name');
    await session.sync();
    const own = new Set(HIDDEN_SHEETS.map((s) => s.name.toLowerCase()));
    for (const sheet of sheets.items) {
      if (own.has(sheet.name.toLowerCase())) continue;
      const name = sheet.name;
      await scanSheet(session, sheet, (texts) => visit(name, texts), WITH_FORMULAS);
    }
  });
}

/** What a sheet's scan measured: its used range from A1, the cells holding anything and their text's bytes. */
type SheetSize = Omit<HiddenSheetSize, 'name' | 'purpose'>;

/** The add-in's own sheets hold values only; another sheet's formulas are read too. */
const VALUES_ONLY: readonly ReadProperty[] = ['values'];
const WITH_FORMULAS: readonly ReadProperty[] = ['values', 'formulas'];

async function scanSheet(
  session: ExcelSession,
  sheet: Excel.Worksheet,
  visit: (texts: readonly string[]) => void,
  properties: readonly ReadProperty[] = VALUES_ONLY,
): Promise<SheetSize> {
  // From A1 to the last cell holding a value: what the sheet's stores write and read.
  const used = sheet.getUsedRangeOrNullObject(true).load('rowIndex, columnIndex, rowCount, columnCount');
  await session.sync();
  const size: SheetSize = { rows: 0, columns: 0, cells: 0, bytes: 0 };
  if (used.isNullObject) return size;
  size.rows = used.rowIndex + used.rowCount;
  size.columns = used.columnIndex + used.columnCount;
  await readRowBlocks(
    session,
    (start, count) => sheet.getRangeByIndexes(start, 0, count, size.columns),
    properties,
    size.rows,
    (_start, cells) => {
      const texts: string[] = [];
      for (const row of cells.values ?? []) for (const cell of row) if (cell !== '' && cell !== null) texts.push(String(cell));
      size.cells += texts.length;
      size.bytes += texts.reduce((sum, text) => sum + textBytes(text), 0);
      visit([...texts, ...formulaTexts(cells)]);
    },
    { startRows: FIRST_BLOCK_ROWS, budgetBytes: DEFAULT_BUDGET_BYTES },
  );
  return size;
}

/** The formulas' own texts (a cell whose formula is its value holds no formula). */
function formulaTexts(cells: LoadedCells): string[] {
  const texts: string[] = [];
  (cells.formulas ?? []).forEach((row, r) =>
    row.forEach((formula, c) => {
      if (typeof formula === 'string' && formula.startsWith('=') && formula !== cells.values?.[r]?.[c]) texts.push(formula);
    }),
  );
  return texts;
}

/**
 * Deletes the hidden sheets that exist. Deleting a very hidden sheet fails with InvalidOperation (the reference of
 * Worksheet.delete says to change its visibility first), so each is made hidden first, in the same sync.
 */
export function removeHiddenSheets(): Promise<string[]> {
  return serialized(async (session) => {
    const removed: string[] = [];
    for (const { name } of HIDDEN_SHEETS) {
      const sheet = await existingSheet(session, name);
      if (sheet === undefined) continue;
      sheet.visibility = Excel.SheetVisibility.hidden;
      sheet.delete();
      await session.sync();
      removed.push(name);
    }
    return removed;
  });
}
