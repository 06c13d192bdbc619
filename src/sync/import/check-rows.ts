/**
 * Stage 2 of the import: every row read is judged before any request. A row with a transaction id was imported
 * before and is never sent again; a row with problems (its cells, its account) waits with them; the others are to
 * send, apart from those a send left "not confirmed", which are read back first (`send-accounts.ts`).
 */

import type { Account } from '../../api';
import type { Language } from '../../i18n/catalog';
import { accountResolver } from './import-accounts';
import type { ImportOutcome, SendRow } from './import-outcome';
import type { ImportSheetRow } from './import-port';
import { checkImportRow, importRowSchema, slashOrderOf } from './import-row-check';
import { isUnconfirmedStatus } from './status-text';

/** Rows of one account to send: `suspects` may have landed in an earlier send (read back first). */
export interface AccountRows {
  accountId: number;
  rows: SendRow[];
  suspects: SendRow[];
}

export interface CheckedRows {
  /** Outcomes settled by the check: already imported, waiting with problems. */
  settled: Map<number, ImportOutcome>;
  /** By account, in the sheet's order. */
  accounts: AccountRows[];
  /** Transaction ids the sheet holds: a read-back never gives them to another row. */
  claimed: Set<number>;
}

function existingId(value: ImportSheetRow['cells']['id']): number | undefined {
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : undefined;
  return id !== undefined && Number.isInteger(id) && id > 0 ? id : undefined;
}

export function checkRows(rows: readonly ImportSheetRow[], accounts: readonly Account[], language: Language): CheckedRows {
  const schema = importRowSchema(language, slashOrderOf(rows.map((row) => row.cells.value_date)));
  const resolve = accountResolver(accounts);
  const settled = new Map<number, ImportOutcome>();
  const byAccount = new Map<number, AccountRows>();
  const claimed = new Set<number>();
  rows.forEach((row, index) => {
    const id = existingId(row.cells.id);
    if (id !== undefined) {
      claimed.add(id);
      settled.set(index, { kind: 'already', id });
      return;
    }
    const check = checkImportRow(schema, row.cells);
    const account = resolve(String(row.cells.account ?? '').trim());
    const problems = [...(check.ok ? [] : check.problems), ...(account.ok ? [] : [account.problem])];
    if (!check.ok || !account.ok) return void settled.set(index, { kind: 'waiting', problems });
    let group = byAccount.get(account.account.id);
    if (group === undefined) byAccount.set(account.account.id, (group = { accountId: account.account.id, rows: [], suspects: [] }));
    // "Not confirmed" (a call out when a send was cut off, an answer lost or unpaired): read back before it is sent.
    (isUnconfirmedStatus(String(row.cells.status ?? '')) ? group.suspects : group.rows).push({ index, item: check.item });
  });
  return { settled, accounts: [...byAccount.values()], claimed };
}
