/** Baseline rows and journal entries the state tests of both workbook hosts write (numbers, nulls, lists, hostile text). */

import type { BaselineRow } from '../../src/sync/push/diff';
import type { JournalEntry, JournalRow } from '../../src/sync/push/push-port';

export function baselineRow(id: number): BaselineRow {
  return {
    id,
    externalId: id % 5 === 0 ? null : `ext-${id}`,
    fields: {
      id,
      name: `Budget ${id}`,
      category: 100 + (id % 17),
      settlement_date: `2026-${String(1 + (id % 12)).padStart(2, '0')}-01`,
      amount: Math.round(id * 137.5) / 100 - 50.1,
      description: id % 3 === 0 ? '' : `Line ${id} — Miete für Büro, "quoted" and \\ backslash`,
      rate: id % 7 === 0 ? null : 0.0125 * id,
      tags: id % 4 === 0 ? [] : ['office', `t${id % 9}`],
      is_indefinite: id % 2 === 0,
      account: null,
    },
  };
}

export const baselineRows = (count: number, from = 1): BaselineRow[] => Array.from({ length: count }, (_, i) => baselineRow(from + i));

export function journalRow(id: number): JournalRow {
  return {
    op: id % 3 === 0 ? 'create' : 'patch',
    id,
    externalId: id % 4 === 0 ? null : `ext-${id}`,
    before: id % 3 === 0 ? null : { name: `Budget ${id}`, amount: -12.5 * id, tags: ['a', 'b'], is_indefinite: false, rate: null },
    sent: { name: `=HYPERLINK("http://evil.example","${id}")`, amount: 3.1 * id, description: "'0012 — Büro" },
    outcome: id % 5 === 0 ? 'failed' : 'landed',
    ...(id % 5 === 0 ? { message: 'Der Server hat abgelehnt' } : {}),
  };
}

export function journalEntry(n: number, rows = 3): JournalEntry {
  return {
    id: `2026-03-01T10:00:${String(n).padStart(2, '0')}.000Z-${n}`,
    at: `2026-03-01T10:00:${String(n % 60).padStart(2, '0')}.000Z`,
    tableName: 'ForecastBudgets',
    rows: Array.from({ length: rows }, (_, i) => journalRow(n * 1000 + i)),
  };
}
