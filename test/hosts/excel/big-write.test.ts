/**
 * A 100,000-row × 15-column table on the simulation's web platform: no sync over Excel on the web's 5 MB request
 * cap, and few syncs: at most 1.25 × ceil(total request bytes / 5 MB) + a few for set-up, the final sync and the
 * column widths (one sync: fit-column-widths.ts).
 */

import { ExcelWorkbookPort } from '../../../src/hosts/excel/excel-workbook-port';
import { WEB_PAYLOAD_LIMIT_BYTES } from '../../../src/preview/excel-sim';
import type { ColumnSpec, CoreValue, TableSpec } from '../../../src/sync/workbook-port';
import { dateToSerial } from '../../../src/sync/excel-serial-date';
import { installSim } from './sim-setup';

const TYPES: ColumnSpec['type'][] = [
  'integer',
  'date',
  'amount',
  'text',
  'text',
  'boolean',
  'datetime',
  'number',
  'text',
  'amount',
  'integer',
  'text',
  'date',
  'text',
  'amount',
];
const COLUMNS: ColumnSpec[] = TYPES.map((type, i) => ({ key: i === 0 ? 'id' : `c${i}`, header: i === 0 ? 'Id' : `Column ${i}`, type }));
const SPEC: TableSpec = { tableName: 'Big', sheetName: 'Data', columns: COLUMNS, keyColumn: 'id' };

function value(type: ColumnSpec['type'], row: number, column: number): CoreValue {
  switch (type) {
    case 'integer':
      return row + 1 + column;
    case 'date':
      return `20${10 + (row % 15)}-0${1 + (row % 9)}-${String(1 + (row % 28)).padStart(2, '0')}`;
    case 'amount':
      return ((row * 7919) % 1_000_000) / 100 - 2_500;
    case 'number':
      return row / 7;
    case 'boolean':
      return row % 3 === 0;
    case 'datetime':
      return `2024-05-${String(1 + (row % 28)).padStart(2, '0')}T${String(row % 24).padStart(2, '0')}:15:30Z`;
    case 'text':
      return column === 3 ? `=HYPERLINK("x${row}")` : `Zahlung ${row} – Miete Zürich ${column}`;
  }
}

function rows(count: number, offset = 0): CoreValue[][] {
  return Array.from({ length: count }, (_, r) => COLUMNS.map((c, i) => value(c.type, r + offset, i)));
}

describe('a 100k × 15 table on Excel on the web', () => {
  it('writes in syncs under 5 MB, within 1.25 × the minimum number of syncs plus set-up', async () => {
    const sim = installSim({ sheets: ['Data'] });
    try {
      const data = rows(100_000);
      const progress: number[] = [];
      const result = await new ExcelWorkbookPort().writeTable(SPEC, data, { onProgress: (written) => progress.push(written) });
      const { stats } = sim.workbook;
      expect(stats.failedSyncs).toEqual([]);
      expect(stats.largestRequestBytes).toBeLessThanOrEqual(WEB_PAYLOAD_LIMIT_BYTES);
      const minimum = Math.ceil(stats.totalRequestBytes / WEB_PAYLOAD_LIMIT_BYTES);
      expect(stats.syncCount).toBeLessThanOrEqual(Math.floor(1.25 * minimum) + 5);
      expect(result).toMatchObject({ rowsWritten: 100_000, address: 'Data!A1:O100001', created: true });
      expect(progress[progress.length - 1]).toBe(100_000);
      expect(progress.length).toBe(result.chunks);
      expect(sim.workbook.values('Data', 'A100001:D100001')).toEqual([
        [100_000, dateToSerial('2019-01-12'), expect.any(Number), '=HYPERLINK("x99999")'],
      ]);
      expect(sim.workbook.valueTypes('Data', 'D2:D3')).toEqual([['String'], ['String']]);

      // Refresh with one more row: old values are saved as the blocks are overwritten (responses under 5 MB too).
      stats.reset();
      const refreshed = await new ExcelWorkbookPort().writeTable(SPEC, rows(100_001, 1));
      expect(stats.failedSyncs).toEqual([]);
      expect(Math.max(...stats.syncs.map((s) => s.requestBytes))).toBeLessThanOrEqual(WEB_PAYLOAD_LIMIT_BYTES);
      expect(Math.max(...stats.syncs.map((s) => s.responseBytes))).toBeLessThanOrEqual(WEB_PAYLOAD_LIMIT_BYTES);
      expect(refreshed.address).toBe('Data!A1:O100002');

      stats.reset();
      const read = await new ExcelWorkbookPort().readTable('Big', COLUMNS);
      expect(read.rows).toHaveLength(100_001);
      expect(read.rows[0]).toEqual(rows(1, 1)[0]?.map((v, i) => (COLUMNS[i]?.type === 'datetime' ? new Date(String(v)).toISOString() : v)));
      expect(Math.max(...stats.syncs.map((s) => s.responseBytes))).toBeLessThanOrEqual(WEB_PAYLOAD_LIMIT_BYTES);
    } finally {
      sim.uninstall();
    }
  }, 300_000);
});
