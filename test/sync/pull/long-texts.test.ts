/**
 * Texts longer than an Excel cell holds (issue #25 item 11): created over the API (the sandbox takes up to
 * 100,000 characters), pulled through the Excel host on the simulation. The pull lands; the cell holds the text cut
 * at the limit with the mark; the result names record and field; a text of exactly 32,767 characters stays whole.
 */

import { CUT_TEXT_MARK, EXCEL_CELL_TEXT_LIMIT } from '../../../src/sync/cell-text-limit';
import { harness, tableCells, useService } from './support';

/** A text of `length` characters that shows where it was cut: `0123456789` repeated. */
const textOf = (length: number): string => '0123456789'.repeat(Math.ceil(length / 10)).slice(0, length);

const suite = useService({ transactions: 200 });

/** The cell of `header` in the row whose `Id` is `id`. */
function cellOf(tableName: string, id: number, header: string): unknown {
  const { headers, rows } = tableCells(suite.h.workbook, tableName);
  const row = rows.find((r) => r[headers.indexOf('Id')] === id);
  if (row === undefined) throw new Error(`no row ${id} in ${tableName}`);
  return row[headers.indexOf(header)];
}

async function offlineAccount(): Promise<number> {
  const offline = (await suite.h.client.accounts.summary()).accounts.find((a) => a.status === 'OFFLINE');
  if (!offline) throw new Error('the demo company has offline accounts');
  return offline.id;
}

const cutText = textOf(EXCEL_CELL_TEXT_LIMIT - CUT_TEXT_MARK.length) + CUT_TEXT_MARK;

describe('texts over the cell limit', () => {
  it('a transaction with a 40,000-character purpose lands cut, named in the result; one of exactly 32,767 stays whole', async () => {
    const [long, exact] = await suite.h.client.accounts.createTransactions(await offlineAccount(), [
      { value_date: '2024-05-01', amount: -1, purpose: textOf(40_000), counterpart_name: 'Lang' },
      { value_date: '2024-05-02', amount: -2, purpose: textOf(EXCEL_CELL_TEXT_LIMIT), counterpart_name: 'Genau' },
    ]);
    if (long === undefined || exact === undefined) throw new Error('two transactions created');
    expect(long.purpose).toHaveLength(40_000);

    const result = await suite.h.puller.pull({ resource: 'transactions', filters: { ids: [long.id, exact.id] } });

    expect(cellOf('Transactions', long.id, 'Purpose')).toBe(cutText);
    expect(cutText).toHaveLength(EXCEL_CELL_TEXT_LIMIT);
    expect(cellOf('Transactions', exact.id, 'Purpose')).toBe(textOf(EXCEL_CELL_TEXT_LIMIT));
    expect(result.textCuts).toEqual([{ id: long.id, field: 'purpose', column: 'Purpose', length: 40_000 }]);
    expect(result.warnings).toEqual([
      `Transactions: the text in column Purpose of record ${long.id} is longer than an Excel cell holds (32,767 characters); the cell shows its beginning, ending in ${CUT_TEXT_MARK}.`,
    ]);
    expect(result.verification?.ok).toBe(true); // every row is there; only the text is cut
    expect((await suite.h.store.get('Transactions'))?.warnings).toEqual(result.warnings);
  });

  it('an incremental refresh keeps naming a text an earlier pull cut', async () => {
    const [long] = await suite.h.client.accounts.createTransactions(await offlineAccount(), [
      { value_date: '2024-06-01', amount: -3, purpose: textOf(50_000) },
    ]);
    if (long === undefined) throw new Error('created');
    const filters = { ids: [long.id] };
    await suite.h.puller.pull({ resource: 'transactions', filters });
    const refresh = await suite.h.puller.pull({ resource: 'transactions', filters });
    expect(refresh.mode).toBe('incremental');
    expect(cellOf('Transactions', long.id, 'Purpose')).toBe(cutText);
    expect(refresh.textCuts).toEqual([expect.objectContaining({ id: long.id, field: 'purpose' })]);
  });

  it("an invoice with over-long notes lands cut and named, in the user's language", async () => {
    const invoice = await suite.h.client.invoices.create({
      reference: 'LONG-1',
      name: 'Lange Notiz',
      amount: 10,
      due_date: '2099-01-01',
      notes: textOf(40_000),
    });
    const german = harness(suite.sandbox, { puller: { language: 'de' } });
    try {
      const result = await german.puller.pull({ resource: 'invoices', filters: { ids: [invoice.id] } });
      const { headers, rows } = tableCells(german.workbook, 'Invoices');
      expect(rows).toHaveLength(1);
      expect(rows[0]?.[headers.indexOf('Notes')]).toBe(cutText);
      expect(result.textCuts).toEqual([{ id: invoice.id, field: 'notes', column: 'Notes', length: 40_000 }]);
      expect(result.warnings).toEqual([
        `Invoices: Der Text in Spalte Notes von Datensatz ${invoice.id} ist länger, als eine Excel-Zelle fasst (32.767 Zeichen); die Zelle zeigt seinen Anfang, endend mit ${CUT_TEXT_MARK}.`,
      ]);
    } finally {
      german.uninstall();
    }
  });

  it('a budget with an over-long description lands cut and named', async () => {
    const categories = await suite.h.client.categories.list();
    const parents = new Set(categories.map((c) => c.parent));
    const leaf = categories.find((c) => c.is_category && !c.is_default && !c.is_obsolete && !parents.has(c.id));
    if (!leaf) throw new Error('a leaf category');
    const budget = await suite.h.client.forecastBudgets.create({
      name: 'Lang',
      category: leaf.id,
      settlement_date: '2026-06-01',
      amount: -10,
      description: textOf(45_000),
    });
    const result = await suite.h.puller.pull({ resource: 'forecastBudgets' });
    expect(cellOf('ForecastBudgets', budget.id, 'Description')).toBe(cutText);
    expect(result.textCuts).toEqual([{ id: budget.id, field: 'description', column: 'Description', length: 45_000 }]);
    expect(result.warnings).toHaveLength(1);
  });
});
