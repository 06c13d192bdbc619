/**
 * The Transactions table's category cell (#28): a pull writes the categories a transaction can be mapped to onto the
 * very hidden lists sheet and gives the Category column an in-cell list over that range (its source a reference: the
 * demo's paths alone run past Excel's 255-character inline limit), with the prompt and Stop alert in the pull's
 * language; a refresh with more or fewer categories rewrites the sheet and the range; a user typing a category that
 * is not offered (a parent, a system category) is refused, a leaf is taken.
 */

import type { Category, Transaction } from '../../../src/api';
import { ExcelWorkbookPort } from '../../../src/hosts/excel/excel-workbook-port';
import { ValidationRefusal } from '../../../src/preview/excel-sim/model/user-entry';
import { buildLookups, tableSpec, toRow, TRANSACTIONS_TABLE } from '../../../src/sync/tables';
import { categoryChoices } from '../../../src/sync/tables/category-list';
import { LISTS_SHEET, sheetListRule } from '../../../src/sync/tables/lists-sheet';
import type { Language } from '../../../src/i18n/catalog';
import { category, transaction } from '../../api/support/fixtures';
import { useService } from '../../sync/pull/support';
import { asUser, type Sim } from './sim-setup';

const suite = useService({ transactions: 40 });

interface ColumnValidation {
  type: string;
  rule: Excel.DataValidationRule | null;
  ignoreBlanks: boolean | null;
  prompt: Excel.DataValidationPrompt | null;
  errorAlert: Excel.DataValidationErrorAlert | null;
  rows: number;
}

function sim(): Sim {
  return { workbook: suite.h.workbook, uninstall: () => undefined };
}

async function columnValidation(header: string): Promise<ColumnValidation> {
  return asUser(sim(), async (context) => {
    const body = context.workbook.tables.getItem('Transactions').columns.getItem(header).getDataBodyRange().load('rowCount');
    const validation = body.dataValidation.load('type, rule, ignoreBlanks, prompt, errorAlert');
    await context.sync();
    const { type, rule, ignoreBlanks, prompt, errorAlert } = validation;
    return { type, rule, ignoreBlanks, prompt, errorAlert, rows: body.rowCount };
  });
}

/** Column A of the lists sheet, down to its last non-empty cell. */
function listSheetItems(): string[] {
  const values = suite.h.workbook.values(LISTS_SHEET);
  return values.map((row) => String(row[0] ?? '')).filter((text) => text !== '');
}

/** `count` leaves under three parents (a system category and an archived one beside them), as the service lists them. */
function categories(count: number): Category[] {
  const parents = [1, 2, 3].map((id) => ({ ...category(id), name: `Group ${id}`, is_category: false, is_aggregating: true }));
  const leaves = Array.from({ length: count }, (_, i) => ({
    ...category(100 + i, 1 + (i % 3)),
    name: `Leaf ${String(i).padStart(3, '0')}`,
    order: count - i,
  }));
  const unmappable = [
    { ...category(10, 1), name: 'Uncategorized', is_default: true },
    { ...category(11, 2), name: 'Old rent', is_obsolete: true },
  ];
  return [...parents, ...leaves, ...unmappable] as unknown as Category[];
}

/** Writes the Transactions table as a pull would, with these categories known, on rows categorized in the first leaf. */
async function writeWith(all: readonly Category[], rowCount: number, language: Language = 'en'): Promise<void> {
  const lookups = buildLookups({ categories: all, language });
  const leaf = all.find((c) => c.id >= 100) ?? all[0];
  const rows = Array.from({ length: rowCount }, (_, i) =>
    toRow(
      TRANSACTIONS_TABLE,
      transaction(1 + i, 1, { category: { id: leaf?.id, name: leaf?.name, description: '' } }) as unknown as Transaction,
      lookups,
    ),
  );
  await new ExcelWorkbookPort().writeTable(tableSpec(TRANSACTIONS_TABLE, { lookups, language }), rows);
}

const CATEGORY_COLUMN = TRANSACTIONS_TABLE.columns.findIndex((c) => c.key === 'category_path');

describe('the category list of the Transactions table (Excel host)', () => {
  it('a pull from the demo company: the offered paths on the very hidden lists sheet, the Category column listing that range', async () => {
    const { h } = suite;
    await h.puller.pull({ resource: 'transactions' }, {});
    const demo = await h.client.categories.list();
    const offered = categoryChoices(demo);
    expect(offered.length).toBeGreaterThan(5);
    // Longer than an inline source can hold: the reason the list is a range.
    expect(offered.join(',').length).toBeGreaterThan(255);
    expect(h.workbook.visibility(LISTS_SHEET)).toBe('VeryHidden');
    expect(listSheetItems()).toEqual(offered);
    expect(
      h.workbook
        .numberFormats(LISTS_SHEET, `A1:A${offered.length}`)
        .flat()
        .every((f) => f === '@'),
    ).toBe(true);

    const category = await columnValidation('Category');
    const words = sheetListRule({ header: 'Category', sheetList: { name: 'categories', items: offered } }, 'en');
    expect(category).toEqual({
      type: 'List',
      rule: { list: { inCellDropDown: true, source: `=${LISTS_SHEET}!$A$1:$A$${offered.length}` } },
      ignoreBlanks: false,
      prompt: { showPrompt: true, title: words.prompt.title, message: words.prompt.message },
      errorAlert: { showAlert: true, style: 'Stop', title: words.error.title, message: words.error.message },
      rows: 40,
    });
    // Only the category is picked: the id beside it and every other column have no list.
    expect((await columnValidation('Category Id')).type).toBe('None');
    expect((await columnValidation('Predicted category')).type).toBe('None');
    // What a user meets in the cell: the paths, and the prompt.
    expect(h.workbook.cellList('Transactions', 2, CATEGORY_COLUMN)).toEqual({ items: offered, inCellDropDown: true, prompt: words.prompt });
  });

  it('500 categories, then a refresh with 3: the sheet holds exactly the offered paths each time, the rule its range, in the pull language', async () => {
    const many = categories(500);
    await writeWith(many, 30, 'de');
    const offered = categoryChoices(many);
    expect(offered).toHaveLength(500);
    // Tree order: each group's leaves by their `order` (500 - i), not by id or name; no parent, default or archived.
    expect(offered.slice(0, 2)).toEqual(['Group 1 › Leaf 498', 'Group 1 › Leaf 495']);
    expect(offered).not.toContain('Group 1 › Uncategorized');
    expect(offered).not.toContain('Group 2 › Old rent');
    expect(listSheetItems()).toEqual(offered);
    const first = await columnValidation('Category');
    expect(first.rule).toEqual({ list: { inCellDropDown: true, source: `=${LISTS_SHEET}!$A$1:$A$500` } });
    expect(first.prompt?.title).toBe('Kategorie wählen');
    expect(first.rows).toBe(30);

    const few = categories(3);
    await writeWith(few, 45, 'it');
    expect(listSheetItems()).toEqual(categoryChoices(few));
    expect(suite.h.workbook.values(LISTS_SHEET)).toHaveLength(3);
    const second = await columnValidation('Category');
    expect(second.rule).toEqual({ list: { inCellDropDown: true, source: `=${LISTS_SHEET}!$A$1:$A$3` } });
    expect(second.prompt?.title).toBe('Scegli una categoria');
    expect(second.rows).toBe(45);

    // More again: the range grows with the sheet. The lists sheet is looked up in the write's first sync, not in a round
    // trip of its own before the last (this refresh took 8 then).
    const trips = (): number => suite.h.workbook.stats.syncs.filter((s) => s.actionCount > 0).length;
    const before = trips();
    await writeWith(categories(20), 10);
    expect(trips() - before).toBe(7);
    expect(listSheetItems()).toHaveLength(20);
    expect((await columnValidation('Category')).rule).toEqual({ list: { inCellDropDown: true, source: `=${LISTS_SHEET}!$A$1:$A$20` } });
  });

  it('a user picking a category: an offered path is taken; a parent, a system category or an unknown path is refused by the Stop alert', async () => {
    const all = categories(6);
    await writeWith(all, 5);
    const { workbook } = suite.h;
    const rule = sheetListRule({ header: 'Category', sheetList: { name: 'categories', items: [] } }, 'en');
    const refused = (input: string): ValidationRefusal => {
      try {
        workbook.typeIntoCell('Transactions', 3, CATEGORY_COLUMN, input);
      } catch (error) {
        if (error instanceof ValidationRefusal) return error;
        throw error;
      }
      throw new Error(`${input} was taken`);
    };
    for (const input of ['Group 1', 'Group 1 › Uncategorized', 'Group 2 › Old rent', 'Elsewhere › Leaf 001']) {
      const refusal = refused(input);
      expect([refusal.title, refusal.message, refusal.style]).toEqual([rule.error.title, rule.error.message, 'Stop']);
    }
    workbook.typeIntoCell('Transactions', 3, CATEGORY_COLUMN, 'Group 2 › Leaf 001');
    expect(workbook.cell('Transactions', 3, CATEGORY_COLUMN).result).toMatchObject({ kind: 'String', value: 'Group 2 › Leaf 001' });
  });

  it('a category named like a formula stays text on the lists sheet', async () => {
    const all = [...categories(2), { ...category(900, 1), name: '=HYPERLINK("x")' }] as unknown as Category[];
    await writeWith(all, 2);
    expect(listSheetItems()).toContain('Group 1 › =HYPERLINK("x")');
    expect(
      suite.h.workbook
        .formulas(LISTS_SHEET)
        .flat()
        .every((f) => typeof f !== 'string' || !f.startsWith('=')),
    ).toBe(true);
  });
});
