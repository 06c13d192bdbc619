/**
 * What the xlsx host keeps of a push in the file: the baselines and the journal in very hidden sheets (exact round
 * trips through a saved and re-opened file, every cell text, several tables side by side, the newest 20 entries),
 * the pull state and the connection in the document settings (never a secret).
 */

import { Workbook } from 'exceljs';
import { newXlsxDocument } from '../../../src/hosts/xlsx/xlsx-document';
import { XlsxBaselineStore } from '../../../src/hosts/xlsx/xlsx-baseline-store';
import { XlsxConnectionStore } from '../../../src/hosts/xlsx/xlsx-connection-store';
import { XlsxPullStateStore } from '../../../src/hosts/xlsx/xlsx-pull-state';
import { XlsxPushJournal } from '../../../src/hosts/xlsx/xlsx-push-journal';
import { CONNECTION_SETTING } from '../../../src/sync/connect/connection-setting';
import { PULL_STATE_VERSION, type PullState } from '../../../src/sync/pull/pull-state';
import { pullStateKey } from '../../../src/sync/pull/pull-state-setting';
import { BASELINE_MARK, BASELINE_SHEET } from '../../../src/sync/push/baseline-sheet-layout';
import { JOURNAL_MARK, JOURNAL_MARK_V1, JOURNAL_SHEET } from '../../../src/sync/push/journal-sheet-layout';
import { summarizeJournalEntry } from '../../../src/sync/push/push-port';
import { v1JournalColumn } from '../../support/journal-v1-column';
import { baselineRow, baselineRows, journalEntry } from '../../support/push-state-fixtures';
import { throughFile } from './xlsx-setup';

function sheetOf(workbook: Workbook, name: string) {
  const sheet = workbook.getWorksheet(name);
  if (sheet === undefined) throw new Error(`no sheet ${name}`);
  return sheet;
}

/** Every stored cell of a sheet: its value's type and number format. */
function cellKinds(workbook: Workbook, name: string): Set<string> {
  const kinds = new Set<string>();
  sheetOf(workbook, name).eachRow((row) => row.eachCell((cell) => kinds.add(`${typeof cell.value} ${cell.numFmt}`)));
  return kinds;
}

describe('XlsxBaselineStore', () => {
  it('gives baselines back equal after a save and a re-open, from a very hidden sheet of text cells', async () => {
    const workbook = new Workbook();
    const hostile = {
      id: 7,
      externalId: '=HYPERLINK("http://evil.example","x")',
      fields: { name: '=1+1', description: "'0012\r\nzwei", tags: ['+1', '@SUM(A1)'], amount: -0.1 },
    };
    const long = { id: 8, externalId: null, fields: { description: `${'x'.repeat(31_999)}😀${'=y'.repeat(20_000)}` } };
    await new XlsxBaselineStore(workbook).write('ForecastBudgets', [...baselineRows(300), hostile, long]);
    await new XlsxBaselineStore(workbook).write('Scenario_3_Budgets', baselineRows(5, 77));
    const reopened = await throughFile(workbook);
    const store = new XlsxBaselineStore(reopened);
    expect(await store.read('ForecastBudgets')).toEqual([...baselineRows(300), hostile, long]);
    expect(await store.read('scenario_3_budgets')).toEqual(baselineRows(5, 77));
    expect(await store.read('Other')).toBeUndefined();
    expect(sheetOf(reopened, BASELINE_SHEET).state).toBe('veryHidden');
    expect(cellKinds(reopened, BASELINE_SHEET)).toEqual(new Set(['string @']));
  });

  it('rewriting a table moves its block to the end and leaves the other as it was; remove deletes it', async () => {
    const workbook = new Workbook();
    const store = new XlsxBaselineStore(workbook);
    expect(await store.read('ForecastBudgets')).toBeUndefined();
    await store.write('ForecastBudgets', baselineRows(30));
    await store.write('Scenario_12_Budgets', baselineRows(5, 1000));
    await store.write('ForecastBudgets', baselineRows(12, 5000));
    expect(sheetOf(workbook, BASELINE_SHEET).getRow(1).getCell(2).value).toBe('Scenario_12_Budgets');
    expect(await store.read('ForecastBudgets')).toEqual(baselineRows(12, 5000));
    await store.remove('Scenario_12_Budgets');
    expect(await store.read('Scenario_12_Budgets')).toBeUndefined();
    expect(await store.read('ForecastBudgets')).toEqual(baselineRows(12, 5000));
    expect(sheetOf(workbook, BASELINE_SHEET).getRow(1).getCell(1).value).toBe(BASELINE_MARK);
    await store.write('ForecastBudgets', []);
    expect(await store.read('ForecastBudgets')).toEqual([]);
  });

  it('a block left "writing" reads as no baseline; the next write of that table replaces it', async () => {
    const workbook = new Workbook();
    const store = new XlsxBaselineStore(workbook);
    await store.write('ForecastBudgets', baselineRows(3));
    sheetOf(workbook, BASELINE_SHEET).getCell('E1').value = 'writing';
    expect(await store.read('ForecastBudgets')).toBeUndefined();
    await store.write('ForecastBudgets', [baselineRow(9)]);
    expect(await store.read('ForecastBudgets')).toEqual([baselineRow(9)]);
    // The old block's rows are gone, not left below the new one (exceljs's spliceRows keeps a sheet's last rows).
    expect(sheetOf(workbook, BASELINE_SHEET).actualRowCount).toBe(2);
    await store.write('Scenario_1_Budgets', baselineRows(2));
    await store.write('ForecastBudgets', baselineRows(4, 50));
    await store.remove('ForecastBudgets');
    expect(sheetOf(workbook, BASELINE_SHEET).actualRowCount).toBe(3);
    expect(await store.read('Scenario_1_Budgets')).toEqual(baselineRows(2));
  });

  it('refuses credential-like fields and adds no sheet', async () => {
    const workbook = new Workbook();
    await expect(
      new XlsxBaselineStore(workbook).write('ForecastBudgets', [{ id: 1, externalId: null, fields: { client_secret: 'x' } }]),
    ).rejects.toThrow(/credentials/);
    expect(workbook.getWorksheet(BASELINE_SHEET)).toBeUndefined();
  });
});

describe('XlsxPushJournal', () => {
  it('gives entries back newest first after a save and a re-open, from a very hidden sheet; one entry alone', async () => {
    const workbook = new Workbook();
    const journal = new XlsxPushJournal(workbook);
    expect(await journal.list()).toEqual([]);
    const big = { ...journalEntry(3), rows: journalEntry(3, 400).rows };
    for (const e of [journalEntry(1), journalEntry(2), big]) await journal.append(e);
    const reopened = await throughFile(workbook);
    const read = new XlsxPushJournal(reopened);
    expect(await read.list()).toEqual([big, journalEntry(2), journalEntry(1)]);
    expect(await read.entry(journalEntry(2).id)).toEqual(journalEntry(2));
    expect(await read.entry('nope')).toBeUndefined();
    expect(sheetOf(reopened, JOURNAL_SHEET).state).toBe('veryHidden');
    expect(cellKinds(reopened, JOURNAL_SHEET)).toEqual(new Set(['string @']));
  });

  it('keeps the newest 20; a replaced entry keeps its place; an entry dropped meanwhile is not added back', async () => {
    const workbook = new Workbook();
    const journal = new XlsxPushJournal(workbook);
    for (let n = 1; n <= 23; n += 1) await journal.append(journalEntry(n));
    expect((await journal.list()).map((e) => e.id)).toEqual(Array.from({ length: 20 }, (_, i) => journalEntry(23 - i).id));
    const undone = { ...journalEntry(10), undoneBy: journalEntry(23).id };
    await journal.replace(undone);
    await journal.replace({ ...journalEntry(1), undoneBy: 'x' });
    const list = await journal.list();
    expect(list[13]).toEqual(undone);
    expect(list.map((e) => e.id)).not.toContain(journalEntry(1).id);
    // Packed from A: twenty columns, the twenty-first empty.
    const sheet = sheetOf(workbook, JOURNAL_SHEET);
    expect(Array.from({ length: 21 }, (_, c) => sheet.getRow(1).getCell(c + 1).value)).toEqual([
      ...Array.from({ length: 20 }, () => JOURNAL_MARK),
      null,
    ]);
  });

  it('a column left "writing" reads as absent and the next append deletes it', async () => {
    const workbook = new Workbook();
    const journal = new XlsxPushJournal(workbook);
    await journal.append(journalEntry(1));
    await journal.append(journalEntry(2));
    sheetOf(workbook, JOURNAL_SHEET).getCell('A5').value = 'writing';
    expect(await journal.list()).toEqual([journalEntry(2)]);
    await journal.append(journalEntry(3));
    expect(await journal.list()).toEqual([journalEntry(3), journalEntry(2)]);
    expect(sheetOf(workbook, JOURNAL_SHEET).getCell('C1').value).toBeNull();
  });

  it("summaries read the header rows only: a 100,000-row send's parts are not read for them", async () => {
    const workbook = new Workbook();
    const journal = new XlsxPushJournal(workbook);
    const big = journalEntry(2, 100_000);
    await journal.append(journalEntry(1));
    await journal.append(big);
    await journal.replace({ ...journalEntry(1), undoneBy: big.id });
    const expected = [summarizeJournalEntry(big), summarizeJournalEntry({ ...journalEntry(1), undoneBy: big.id })];
    const sheet = sheetOf(workbook, JOURNAL_SHEET);
    const rowsRead: number[] = [];
    const findRow = sheet.findRow.bind(sheet);
    sheet.findRow = (row: number) => {
      rowsRead.push(row);
      return findRow(row);
    };
    expect(await journal.summaries()).toEqual(expected);
    expect(expected[0]).toMatchObject({ rows: 100_000, landed: 80_000, notLanded: 20_000 });
    // Seven header rows (1-based), read per column up to the empty one after the journal: never a part's row.
    expect(Math.max(...rowsRead)).toBe(7);
    expect(rowsRead).toHaveLength(3 * 7);
    expect(await journal.entry(big.id)).toEqual(big);
  });

  it('columns the previous version wrote (v1) are listed, read whole once for their summary, undone, dropped and cleaned up', async () => {
    const workbook = new Workbook();
    const sheet = workbook.addWorksheet(JOURNAL_SHEET, { state: 'veryHidden' });
    [v1JournalColumn(journalEntry(1), 1), v1JournalColumn(journalEntry(2, 300), 2), v1JournalColumn(journalEntry(3), 3)].forEach(
      (cells, c) =>
        cells.forEach((text, r) => {
          const cell = sheet.getCell(r + 1, c + 1);
          cell.numFmt = '@';
          cell.value = text;
        }),
    );
    // Saved and opened again, as a file of that version comes.
    const file = await throughFile(workbook);
    const journal = new XlsxPushJournal(file, { keep: 4 });
    expect(await journal.list()).toEqual([journalEntry(3), journalEntry(2, 300), journalEntry(1)]);
    expect(await journal.entry(journalEntry(2).id)).toEqual(journalEntry(2, 300));
    expect(await journal.summaries()).toEqual([journalEntry(3), journalEntry(2, 300), journalEntry(1)].map(summarizeJournalEntry));
    // Read whole once: the next summaries read the header rows only (a v1 column's seventh row is its first part).
    const read = sheetOf(file, JOURNAL_SHEET);
    const rowsRead: number[] = [];
    const findRow = read.findRow.bind(read);
    read.findRow = (row: number) => {
      rowsRead.push(row);
      return findRow(row);
    };
    expect(await journal.summaries()).toHaveLength(3);
    expect(Math.max(...rowsRead)).toBe(7);

    const undone = { ...journalEntry(2, 300), undoneBy: 'the-undo' };
    await journal.replace(undone);
    expect(await journal.list()).toEqual([journalEntry(3), undone, journalEntry(1)]);
    expect((await journal.summaries())[1]).toEqual(summarizeJournalEntry(undone));
    const marks = (): unknown[] => Array.from({ length: 5 }, (_, c) => read.getRow(1).getCell(c + 1).value);
    expect(marks()).toEqual([JOURNAL_MARK_V1, JOURNAL_MARK_V1, JOURNAL_MARK, null, null]);

    // A v1 column left "writing" reads as absent and the next write deletes it; the oldest beyond 4 are dropped.
    read.getCell('B5').value = 'writing';
    expect((await journal.summaries()).map((s) => s.id)).toEqual([journalEntry(2).id, journalEntry(1).id]);
    for (const n of [4, 5, 6]) await journal.append(journalEntry(n));
    expect((await journal.summaries()).map((s) => s.id)).toEqual([6, 5, 4, 2].map((n) => journalEntry(n).id));
    expect(marks()).toEqual([JOURNAL_MARK, JOURNAL_MARK, JOURNAL_MARK, JOURNAL_MARK, null]);
  });

  it('refuses credential-like keys', async () => {
    const workbook = new Workbook();
    const leaky = { ...journalEntry(1), rows: [{ ...journalEntry(1).rows[0], sent: { access_token: 'x' } }] } as never;
    await expect(new XlsxPushJournal(workbook).append(leaky)).rejects.toThrow(/credentials/);
    expect(workbook.getWorksheet(JOURNAL_SHEET)).toBeUndefined();
  });
});

const state = (tableName: string): PullState => ({
  version: PULL_STATE_VERSION,
  tableName,
  sheetName: 'Budgets',
  target: { resource: 'forecastBudgets' },
  lastPullStartedAt: '2026-03-01T10:00:00.000Z',
  lastPullAt: '2026-03-01T10:00:05.000Z',
  lastMode: 'full',
  rowCount: 12,
  baseline: 'stored',
});

describe('XlsxPullStateStore', () => {
  it('keeps one setting per table under the Excel host key, as JSON text; remove and list', async () => {
    const doc = newXlsxDocument();
    const store = new XlsxPullStateStore(doc);
    await store.set(state('ForecastBudgets'));
    await store.set(state('Transactions'));
    doc.settings.set('cashflow.pull.broken', '{not json');
    doc.settings.set('other', 'x');
    expect(JSON.parse(String(doc.settings.get(pullStateKey('ForecastBudgets'))))).toEqual(state('ForecastBudgets'));
    expect(await store.get('forecastbudgets')).toEqual(state('ForecastBudgets'));
    expect((await store.list()).map((s) => s.tableName).sort()).toEqual(['ForecastBudgets', 'Transactions']);
    await store.remove('Transactions');
    expect(await store.get('Transactions')).toBeUndefined();
    await expect(store.set({ ...state('X'), target: { resource: 'forecastBudgets', token: 'abc' } as never })).rejects.toThrow(
      /credentials/,
    );
    expect(doc.settings.has(pullStateKey('X'))).toBe(false);
  });
});

describe('XlsxConnectionStore', () => {
  it('holds only the profile name and base URL; refuses a secret, a client ID or credentials in the URL', async () => {
    const doc = newXlsxDocument();
    const store = new XlsxConnectionStore(doc);
    expect(await store.read()).toEqual({ status: 'none' });
    await store.set({ profileName: 'Demo GmbH', baseUrl: 'https://api.example.com' });
    expect([...doc.settings.keys()]).toEqual([CONNECTION_SETTING]);
    expect(JSON.parse(String(doc.settings.get(CONNECTION_SETTING)))).toEqual({
      profileName: 'Demo GmbH',
      baseUrl: 'https://api.example.com/',
    });
    expect(await store.get()).toEqual({ profileName: 'Demo GmbH', baseUrl: 'https://api.example.com/' });
    const before = doc.settings.get(CONNECTION_SETTING);
    await expect(store.set({ profileName: 'A', baseUrl: 'https://api.example.com/', clientSecret: 's3cret' } as never)).rejects.toThrow(
      /only a profile name and a base URL/,
    );
    await expect(store.set({ profileName: 'A', baseUrl: 'https://api.example.com/', clientId: 'anna' } as never)).rejects.toThrow(
      /only a profile name and a base URL/,
    );
    await expect(store.set({ profileName: 'A', baseUrl: 'https://anna:s3cret@api.example.com/' })).rejects.toThrow();
    expect(doc.settings.get(CONNECTION_SETTING)).toBe(before);
  });

  it('reads an insecure base URL a stranger wrote as refused, never as a connection', async () => {
    const doc = newXlsxDocument();
    doc.settings.set(CONNECTION_SETTING, JSON.stringify({ profileName: 'Evil', baseUrl: 'http://evil.example.com/' }));
    const store = new XlsxConnectionStore(doc);
    expect(await store.read()).toEqual({ status: 'refused', profileName: 'Evil', baseUrl: 'http://evil.example.com/' });
    expect(await store.get()).toBeUndefined();
  });
});
