/** The Excel host writes and reads the same serials in every time zone. */

import { ExcelWorkbookPort } from '../../src/hosts/excel/excel-workbook-port';
import { installSim, TRANSACTIONS, transaction } from '../hosts/excel/sim-setup';

export function hostDateCases(): void {
  it('writes dates and timestamps as the same serials and reads them back unchanged', async () => {
    const sim = installSim();
    try {
      const rows = [
        { ...transaction(1), value_date: '2024-03-10', date_created: '2024-03-10T02:30:00Z' },
        { ...transaction(2), value_date: '2024-12-31', date_created: '2024-12-31T23:59:59Z' },
        { ...transaction(3), value_date: '1900-03-01', date_created: '2024-01-01T00:00:00+14:00' },
      ];
      const port = new ExcelWorkbookPort();
      await port.writeTable(TRANSACTIONS, rows);
      expect(sim.workbook.values('Data', 'B2:B4')).toEqual([[45361], [45657], [61]]);
      const created = sim.workbook.values('Data', 'F2:F4').map((r) => r[0]);
      expect(created[0]).toBeCloseTo(45361 + 2.5 / 24, 9);
      expect(created[1]).toBeCloseTo(45657 + 86399 / 86400, 9);
      expect(created[2]).toBeCloseTo(45291 + 10 / 24, 9);
      const read = await port.readTable('Transactions', TRANSACTIONS.columns);
      expect(read.rows.map((r) => [r[1], r[5]])).toEqual([
        ['2024-03-10', '2024-03-10T02:30:00.000Z'],
        ['2024-12-31', '2024-12-31T23:59:59.000Z'],
        ['1900-03-01', '2023-12-31T10:00:00.000Z'],
      ]);
    } finally {
      sim.uninstall();
    }
  });
}
