import type { TableLayout } from '../../../src/preview/excel-sim';
import { columnTitles } from '../../../src/preview/workbook-view/column-titles';

/** A table at B3 (header row 2, 0-based) with three columns and 100 data rows. */
const TABLE: TableLayout = {
  name: 'Transactions',
  sheet: 'Transactions',
  row: 2,
  column: 1,
  rowCount: 101,
  columnCount: 3,
  showHeaders: true,
  showTotals: false,
  showBandedRows: true,
  dataRowCount: 100,
  columnNames: ['Id', 'Value date', 'Amount'],
};
const IN_TABLE = { row: 50, column: 2 };

describe('columnTitles: table names in place of the column letters, as Excel shows them', () => {
  it('shows letters while the header row is in view', () => {
    expect(columnTitles(5, [TABLE], { firstRow: 2, frozenRows: 0, active: IN_TABLE })).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('shows the table’s names over its columns once the header scrolled away and the active cell is in the table', () => {
    expect(columnTitles(5, [TABLE], { firstRow: 40, frozenRows: 0, active: IN_TABLE })).toEqual(['A', 'Id', 'Value date', 'Amount', 'E']);
    expect(columnTitles(5, [TABLE], { firstRow: 40, frozenRows: 0, active: { row: 50, column: 4 } })).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(columnTitles(5, [TABLE], { firstRow: 40, frozenRows: 0, active: undefined })).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('shows the names whatever is selected where the sheet freezes the header row, and letters below the table', () => {
    expect(columnTitles(5, [TABLE], { firstRow: 40, frozenRows: 3, active: undefined })).toEqual(['A', 'Id', 'Value date', 'Amount', 'E']);
    expect(columnTitles(5, [TABLE], { firstRow: 103, frozenRows: 3, active: undefined })).toEqual(['A', 'B', 'C', 'D', 'E']);
  });
});
