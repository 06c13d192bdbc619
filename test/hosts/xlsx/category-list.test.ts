/**
 * The Transactions table's category list in a workbook file (#28), as the Excel host writes it: the offered paths on
 * the very hidden `cashflow_lists` sheet, the Category column's body a list over that range with the prompt and Stop
 * alert in the pull's language, through a saved file; a refresh with more or fewer categories rewrites both (nothing
 * of the old list left below, no rule below the table).
 */

import { Workbook } from 'exceljs';
import type { Category, Transaction } from '../../../src/api';
import { XlsxWorkbookPort } from '../../../src/hosts/xlsx/xlsx-workbook-port';
import type { Language } from '../../../src/i18n/catalog';
import { buildLookups, tableSpec, toRow, TRANSACTIONS_TABLE } from '../../../src/sync/tables';
import { categoryChoices } from '../../../src/sync/tables/category-list';
import { LISTS_SHEET, sheetListRule } from '../../../src/sync/tables/lists-sheet';
import { category, transaction } from '../../api/support/fixtures';
import { throughFile } from './xlsx-setup';

/** `count` leaves under two parents, beside a system category and an archived one. */
function categories(count: number): Category[] {
  const parents = [1, 2].map((id) => ({ ...category(id), name: `Group ${id}`, is_category: false }));
  const leaves = Array.from({ length: count }, (_, i) => ({ ...category(100 + i, 1 + (i % 2)), name: `Leaf ${i}` }));
  return [
    ...parents,
    ...leaves,
    { ...category(10, 1), name: 'Uncategorized', is_default: true },
    { ...category(11, 2), name: 'Old', is_obsolete: true },
  ] as unknown as Category[];
}

async function pullInto(workbook: Workbook, all: readonly Category[], rowCount: number, language: Language): Promise<Workbook> {
  const lookups = buildLookups({ categories: all, language });
  const rows = Array.from({ length: rowCount }, (_, i) =>
    toRow(
      TRANSACTIONS_TABLE,
      transaction(1 + i, 1, { category: { id: 100, name: 'Leaf 0', description: '' } }) as unknown as Transaction,
      lookups,
    ),
  );
  await new XlsxWorkbookPort(workbook).writeTable(tableSpec(TRANSACTIONS_TABLE, { lookups, language }), rows);
  return throughFile(workbook);
}

const CATEGORY = TRANSACTIONS_TABLE.columns.findIndex((c) => c.key === 'category_path') + 1;
const CATEGORY_ID = TRANSACTIONS_TABLE.columns.findIndex((c) => c.key === 'category_id') + 1;

function listItems(file: Workbook): string[] {
  const sheet = file.getWorksheet(LISTS_SHEET);
  const out: string[] = [];
  sheet?.eachRow((row, number) => {
    const value = row.getCell(1).value;
    if (value !== null && value !== '') out[number - 1] = String(value);
  });
  return out;
}

describe('the category list of the Transactions table (xlsx host)', () => {
  it('500 categories: the paths on the very hidden lists sheet as text, the Category body listing their range in the pull language', async () => {
    const many = categories(500);
    const file = await pullInto(new Workbook(), many, 12, 'de');
    const sheet = file.getWorksheet(LISTS_SHEET);
    expect(sheet?.state).toBe('veryHidden');
    expect(listItems(file)).toEqual(categoryChoices(many));
    expect(sheet?.getCell('A1').numFmt).toBe('@');
    const rule = sheetListRule({ header: 'Category', sheetList: { name: 'categories', items: categoryChoices(many) } }, 'de');
    const body = file.getWorksheet('Transactions');
    // The table's header is row 2: the body is rows 3 to 14.
    for (const r of [3, 14]) {
      const validation = body?.getCell(r, CATEGORY).dataValidation;
      expect(validation).toMatchObject({
        type: 'list',
        formulae: [`'${LISTS_SHEET}'!$A$1:$A$500`],
        showInputMessage: true,
        showErrorMessage: true,
        errorStyle: 'stop',
      });
      expect([validation?.promptTitle, validation?.prompt, validation?.errorTitle, validation?.error]).toEqual([
        rule.prompt.title,
        rule.prompt.message,
        rule.error.title,
        rule.error.message,
      ]);
    }
    // A blank is not a category (exceljs reads the file's default, no blanks, as absent).
    expect(body?.getCell(3, CATEGORY).dataValidation.allowBlank ?? false).toBe(false);
    expect(body?.getCell(15, CATEGORY).dataValidation).toBeUndefined();
    expect(body?.getCell(3, CATEGORY_ID).dataValidation).toBeUndefined();
  });

  it('a refresh with fewer, then more categories rewrites the sheet and the range, in the new pull language', async () => {
    const first = await pullInto(new Workbook(), categories(40), 20, 'en');
    const fewer = await pullInto(first, categories(3), 5, 'it');
    expect(listItems(fewer)).toEqual(categoryChoices(categories(3)));
    expect(fewer.getWorksheet(LISTS_SHEET)?.actualRowCount).toBe(3);
    const body = fewer.getWorksheet('Transactions');
    expect(body?.getCell(7, CATEGORY).dataValidation).toMatchObject({
      formulae: [`'${LISTS_SHEET}'!$A$1:$A$3`],
      promptTitle: 'Scegli una categoria',
    });
    // The rows the table lost keep no list.
    expect(body?.getCell(8, CATEGORY).dataValidation).toBeUndefined();
    const more = await pullInto(fewer, categories(60), 8, 'en');
    expect(listItems(more)).toHaveLength(60);
    expect(more.getWorksheet('Transactions')?.getCell(10, CATEGORY).dataValidation).toMatchObject({
      formulae: [`'${LISTS_SHEET}'!$A$1:$A$60`],
    });
  });
});
