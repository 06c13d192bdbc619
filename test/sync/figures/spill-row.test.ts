import type { Transaction } from '../../../src/api';
import { spillRow } from '../../../src/sync/figures/spilled-tables';
import { buildLookups, TRANSACTIONS_TABLE } from '../../../src/sync/tables';
import { transaction } from '../../api/support/fixtures';

describe('a spilled row', () => {
  it('cuts a text longer than a cell holds with the mark, as the pull does (a result cell holds no more)', () => {
    const purpose = 'x'.repeat(40_000);
    const record = transaction(7, 12.5, { purpose, counterpart_name: '=1+1' }) as unknown as Transaction;
    const row = spillRow(TRANSACTIONS_TABLE, record, buildLookups());
    const at = (header: string): unknown => row[TRANSACTIONS_TABLE.columns.findIndex((c) => c.header === header)];
    const cut = String(at('Purpose'));
    expect([cut.length, cut.endsWith('…[✂]'), cut.startsWith('xxx')]).toEqual([32_767, true, true]);
    expect(at('Counterpart')).toBe('=1+1'); // the exact string: a function's result is a value, never a formula
  });
});
