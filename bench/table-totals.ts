/**
 * What a pulled Transactions table holds, read back from the (simulated) workbook in blocks under Excel on the web's
 * 5 MB answer: its rows, the sum of `Reporting amount` in cents and each row's `Category Id` by `Id`. Three columns,
 * not the table's 23: a 1,000,000-row table read whole would be 23 M values on the benchmark's heap.
 */
import { toCents } from '../src/api/amount';

export interface TableTotals {
  rows: number;
  sumCents: number;
  /** `Category Id` by `Id`, only for the ids asked for. */
  categories: Map<number, number>;
}

/** Rows per read: three columns of numbers, ~1.5 MB an answer. */
const BLOCK_ROWS = 100_000;

export async function tableTotals(tableName: string, watchIds: ReadonlySet<number> = new Set()): Promise<TableTotals> {
  return Excel.run(async (context) => {
    const table = context.workbook.tables.getItem(tableName);
    const body = table.getDataBodyRange().load('rowIndex,columnIndex,rowCount');
    const header = table.getHeaderRowRange().load('values');
    const sheet = table.worksheet;
    await context.sync();
    const headers = (header.values[0] ?? []).map(String);
    const column = (name: string): number => {
      const index = headers.indexOf(name);
      if (index < 0) throw new Error(`${tableName} has no column ${name}`);
      return body.columnIndex + index;
    };
    const [idColumn, amountColumn, categoryColumn] = [column('Id'), column('Reporting amount'), column('Category Id')];
    const totals: TableTotals = { rows: body.rowCount, sumCents: 0, categories: new Map() };
    for (let start = 0; start < body.rowCount; start += BLOCK_ROWS) {
      const count = Math.min(BLOCK_ROWS, body.rowCount - start);
      const read = (col: number): Excel.Range => sheet.getRangeByIndexes(body.rowIndex + start, col, count, 1).load('values');
      const [ids, amounts, categories] = [read(idColumn), read(amountColumn), read(categoryColumn)];
      await context.sync();
      amounts.values.forEach(([amount]) => (totals.sumCents += toCents(Number(amount))));
      ids.values.forEach(([id], i) => {
        if (watchIds.has(Number(id))) totals.categories.set(Number(id), Number(categories.values[i]?.[0]));
      });
    }
    return totals;
  });
}
