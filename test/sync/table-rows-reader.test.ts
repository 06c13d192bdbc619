import { TableRowsReader } from '../../src/sync/table-rows-reader';
import type { ColumnSpec } from '../../src/sync/workbook-port';

const COLUMNS: ColumnSpec[] = [
  { key: 'id', header: 'Id', type: 'integer' },
  { key: 'value_date', header: 'Value date', type: 'date' },
];

describe('a table body read back as core values (both hosts)', () => {
  test('columns by their spec (a header matched without case too), others as cells; blank lines left out; a bad cell kept and listed', () => {
    const reader = new TableRowsReader(['Id', 'VALUE DATE', 'My note'], COLUMNS);
    reader.add([7, 46000, 'keep'], 0);
    reader.add(['', '', ''], 1);
    reader.add(['x', '', ''], 2);
    const result = reader.result('Transactions', 'Sheet');
    expect(result.headers).toEqual(['Id', 'VALUE DATE', 'My note']);
    expect(result.rows).toEqual([
      [7, '2025-12-09', 'keep'],
      ['x', null, null],
    ]);
    expect(result.problems).toEqual([expect.objectContaining({ row: 2, header: 'Id' })]);
  });
});
