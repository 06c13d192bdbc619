import { journalRowViews } from '../../../src/sync/push/journal-rows';
import type { JournalEntry, JournalRow } from '../../../src/sync/push/push-port';

const ROWS: JournalRow[] = [
  { op: 'patch', id: 7, externalId: 'fc-miete', before: { amount: -4500 }, sent: { amount: -4000 }, outcome: 'landed', name: 'Miete Büro' },
  {
    op: 'patch',
    id: 8,
    externalId: 'fc-strom',
    before: { name: 'Strom' },
    sent: { name: 'Strom und Gas', external_id: 'fc-energie' },
    outcome: 'conflict',
    message: 'Changed on the service meanwhile',
  },
  { op: 'create', id: 31, externalId: 'fc-neu', before: null, sent: { name: 'Neu', amount: -10 }, outcome: 'landed' },
  { op: 'delete', id: 9, externalId: 'fc-alt', before: { name: 'Alt' }, service: { name: 'Alt' }, sent: null, outcome: 'landed' },
  { op: 'replace', id: 10, externalId: null, before: null, sent: null, outcome: 'unknown' },
];

function entryOf(rows: JournalRow[], undoneBy?: string): JournalEntry {
  return { id: 's1', at: '2026-03-01T10:00:00.000Z', tableName: 'ForecastBudgets', rows, ...(undoneBy === undefined ? {} : { undoneBy }) };
}

test('each row as the send left it: its name and external ID, what was done, the outcome, how to find it', () => {
  expect(journalRowViews(entryOf(ROWS))).toEqual([
    {
      key: '0:7',
      name: 'Miete Büro',
      externalId: 'fc-miete',
      id: 7,
      change: 'changed',
      outcome: 'landed',
      ref: { position: -1, id: 7, externalId: 'fc-miete' },
    },
    {
      key: '1:8',
      name: 'Strom und Gas',
      externalId: 'fc-energie',
      id: 8,
      change: 'changed',
      outcome: 'conflict',
      message: 'Changed on the service meanwhile',
      ref: { position: -1, id: 8, externalId: 'fc-energie' },
    },
    {
      key: '2:31',
      name: 'Neu',
      externalId: 'fc-neu',
      id: 31,
      change: 'created',
      outcome: 'landed',
      ref: { position: -1, id: 31, externalId: 'fc-neu' },
    },
    // Deleted: no longer in the sheet.
    { key: '3:9', name: 'Alt', externalId: 'fc-alt', id: 9, change: 'deleted', outcome: 'landed', ref: null },
    {
      key: '4:10',
      name: '',
      externalId: null,
      id: 10,
      change: 'replaced',
      outcome: 'unknown',
      ref: { position: -1, id: 10, externalId: null },
    },
  ]);
});

test('a deleted row of an undone send is back in the sheet (undo put it back)', () => {
  expect(journalRowViews(entryOf(ROWS, 's2'))[3]?.ref).toEqual({ position: -1, id: 9, externalId: 'fc-alt' });
});

test('a block of rows: the keys stay those of the whole entry', () => {
  expect(journalRowViews(entryOf(ROWS), 3, 10).map((r) => r.key)).toEqual(['3:9', '4:10']);
});
