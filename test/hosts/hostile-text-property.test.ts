/**
 * Property (#30): random text through both hosts' writers. Purposes and counterpart names a service sends (unicode
 * strings, lone surrogates, control characters, the spreadsheet-text corpus, texts led by = + - @ tab CR, texts around
 * and over the 32,767-character cell limit) are pulled as a Transactions table into the Excel host (on the
 * simulation) and into the xlsx host (saved to bytes, opened again). Read back, every cell is text, never a formula
 * (in the file: no `<f>` anywhere in the sheet, the text columns' cells shared strings), equals the text exactly
 * when it fits, and a longer one is cut with the mark `…[✂]` and named in the pull's `textCuts`.
 */

import { Workbook } from 'exceljs';
import fc from 'fast-check';
import { CashflowClient, TokenCache } from '../../src/api';
import { ExcelWorkbookPort } from '../../src/hosts/excel/excel-workbook-port';
import { saveWorkbook, XlsxWorkbookPort } from '../../src/hosts/xlsx';
import { createSimulatedWorkbook, installExcelSimulation } from '../../src/preview/excel-sim';
import { CUT_TEXT_MARK, cutForCell, EXCEL_CELL_TEXT_LIMIT, isCutText } from '../../src/sync/cell-text-limit';
import { createPuller, MemoryPullStateStore, type PullResult } from '../../src/sync/pull';
import type { WorkbookPort } from '../../src/sync/workbook-port';
import { account, balanceSummary, category, transaction } from '../api/support/fixtures';
import { spreadsheetTexts } from '../fixtures/spreadsheet-text';
import { inspect, relationshipsOf } from './xlsx/package-inspect';

const corpus = spreadsheetTexts().map((e) => e.text);

/** `unit` repeated to exactly `length` characters (an emoji may be split at the end: hostile too). */
const filled = (unit: string, length: number): string => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

const text: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(...corpus),
  fc
    .tuple(fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\r\n', ' =', '\n=', '＝', '_x0041_', '\u0000'), fc.string({ maxLength: 20 }))
    .map(([lead, rest]) => lead + rest),
  fc
    .tuple(
      fc.constantFrom('a', '😀', '=1+', 'ä_x000D_', '\r\n', '…[✂]'),
      fc.integer({ min: EXCEL_CELL_TEXT_LIMIT - 6, max: EXCEL_CELL_TEXT_LIMIT + 40 }),
      fc.constantFrom('', '=', '@'),
    )
    .map(([unit, length, lead]) => lead + filled(unit, length - lead.length)),
  // Texts that already look cut: the limit's length, ending in the mark.
  fc.constantFrom(filled('x', EXCEL_CELL_TEXT_LIMIT - CUT_TEXT_MARK.length) + CUT_TEXT_MARK),
);

interface Sent {
  purpose: string;
  counterpart: string;
}

/** A service that answers a Transactions pull with one page of `sent` (ids 1…n). */
function serviceFetch(sent: readonly Sent[]): typeof fetch {
  const results = sent.map((s, i) => transaction(i + 1, 1, { purpose: s.purpose, counterpart_name: s.counterpart }));
  const answers: Record<string, unknown> = {
    '/auth/token/': { access_token: 'token-abcdef-123', token_type: 'bearer', expires_in: 300 },
    '/categories/': [category(5)],
    '/accounts/': { ...balanceSummary(), accounts: [account(1)] },
    '/transactions/extended/': { count: sent.length, next: null, previous: null, sum: sent.length, results },
  };
  return async (input, init) => {
    const path = new URL((input instanceof Request ? input : new Request(input, init)).url).pathname;
    return path in answers ? Response.json(answers[path]) : Response.json({ detail: 'Not found.' }, { status: 404 });
  };
}

async function pullInto(port: WorkbookPort, sent: readonly Sent[]): Promise<PullResult> {
  const client = new CashflowClient({
    baseUrl: 'http://service.test',
    clientId: 'client-1',
    clientSecret: 'secret-abcdef-42',
    language: 'en',
    fetch: serviceFetch(sent),
    tokenCache: new TokenCache(),
    sleep: async () => undefined,
  });
  return createPuller({ client, port, store: new MemoryPullStateStore() }).pull({ resource: 'transactions' });
}

/** What each text must become in its cell, and the cuts the pull must name (row by row, purpose before counterpart). */
function expected(sent: readonly Sent[]): { cells: Sent[]; cuts: unknown[] } {
  const cuts: unknown[] = [];
  const cells = sent.map((s, i) => {
    for (const [field, column, value] of [
      ['purpose', 'Purpose', s.purpose],
      ['counterpart_name', 'Counterpart', s.counterpart],
    ] as const) {
      if (value.length > EXCEL_CELL_TEXT_LIMIT) cuts.push({ id: i + 1, field, column, length: value.length });
      else if (isCutText(value)) cuts.push({ id: i + 1, field, column });
    }
    return { purpose: cutForCell(s.purpose).text, counterpart: cutForCell(s.counterpart).text };
  });
  return { cells, cuts };
}

/** Shows a long text as its length and ends in a counterexample. */
function shown(value: string): string {
  return value.length > 80
    ? `${JSON.stringify(value.slice(0, 20))}…(${value.length})…${JSON.stringify(value.slice(-20))}`
    : JSON.stringify(value);
}
const rowsOf = fc
  .array(fc.record({ purpose: text, counterpart: text }), { minLength: 1, maxLength: 4 })
  .map((rows) =>
    Object.assign(rows, { [fc.toStringMethod]: () => rows.map((r) => `${shown(r.purpose)} | ${shown(r.counterpart)}`).join('\n') }),
  );

function checkCut(result: PullResult, cuts: readonly unknown[]): void {
  expect(result.textCuts ?? []).toEqual(cuts);
  // The pull's warnings say it too, naming the mark the cell ends in.
  if (cuts.length > 0) expect(result.warnings.join('\n')).toContain(CUT_TEXT_MARK);
}

test('the Excel host: every text cell holds the text (cut with the mark past the limit), never a formula', async () => {
  await fc.assert(
    fc.asyncProperty(rowsOf, async (sent) => {
      const { workbook, uninstall } = installExcelSimulation(globalThis, createSimulatedWorkbook({ sheets: ['Sheet1'] }));
      try {
        const result = await pullInto(new ExcelWorkbookPort(), sent);
        const table = workbook.tables().find((t) => t.name === 'Transactions');
        if (table === undefined) throw new Error('no Transactions table');
        const address = table.address.split('!')[1] ?? '';
        const [headers = [], ...values] = workbook.values(table.sheet, address);
        const [, ...types] = workbook.valueTypes(table.sheet, address);
        const at = (header: string) => headers.indexOf(header);
        const { cells, cuts } = expected(sent);
        cells.forEach((cell, r) => {
          for (const [header, want] of [
            ['Purpose', cell.purpose],
            ['Counterpart', cell.counterpart],
          ] as const) {
            const got = { row: r, header, value: values[r]?.[at(header)], type: types[r]?.[at(header)] };
            expect(got).toEqual({ row: r, header, value: want, type: want === '' ? 'Empty' : 'String' });
          }
        });
        checkCut(result, cuts);
      } finally {
        uninstall();
      }
    }),
    { numRuns: 30, seed: 3032, endOnFailure: true },
  );
}, 60_000);

/** The sheet part of `name` in a saved package. */
async function sheetXml(bytes: ArrayBuffer, name: string): Promise<string> {
  const file = await inspect(bytes);
  const book = await file.text('xl/workbook.xml');
  const id = new RegExp(`<sheet [^>]*name="${name}"[^>]*r:id="([^"]+)"`).exec(book)?.[1];
  const part = (await relationshipsOf(file, 'xl/workbook.xml')).find((r) => r.id === id)?.part;
  if (part === undefined) throw new Error(`no sheet ${name}`);
  return file.text(part);
}

/** The `<c>` elements of one column (letters) below the header row 2: their attributes and inner XML. */
function cellsOf(xml: string, letters: string): Array<{ ref: string; attributes: string; inner: string }> {
  const found = xml.matchAll(new RegExp(`<c r="(${letters}(\\d+))"([^>]*?)(?:/>|>(.*?)</c>)`, 'gs'));
  return [...found].filter((m) => Number(m[2]) > 2).map((m) => ({ ref: m[1] ?? '', attributes: m[3] ?? '', inner: m[4] ?? '' }));
}

test('the xlsx host: saved and opened again, every text cell holds the text as a shared string, never a formula', async () => {
  await fc.assert(
    fc.asyncProperty(rowsOf, async (sent) => {
      const port = new XlsxWorkbookPort(new Workbook());
      const result = await pullInto(port, sent);
      const bytes = await saveWorkbook(port.workbook);
      const xml = await sheetXml(bytes, 'Transactions');
      expect(xml).not.toMatch(/<f[ >]/);
      const { cells, cuts } = expected(sent);
      for (const [letters, field] of [
        ['M', 'purpose'],
        ['N', 'counterpart'],
      ] as const) {
        const written = cellsOf(xml, letters);
        cells.forEach((cell, r) => {
          const c = written.find((w) => w.ref === `${letters}${r + 3}`);
          expect({ ref: `${letters}${r + 3}`, shared: cell[field] === '' || /\bt="s"/.test(c?.attributes ?? '') }).toEqual({
            ref: `${letters}${r + 3}`,
            shared: true,
          });
        });
      }
      const opened = new Workbook();
      await opened.xlsx.load(bytes);
      const read = await new XlsxWorkbookPort(opened).readTable('Transactions');
      const index = (header: string) => read.headers.indexOf(header);
      cells.forEach((cell, r) => {
        const row = read.rows[r] ?? [];
        expect({ row: r, purpose: row[index('Purpose')], counterpart: row[index('Counterpart')] }).toEqual({
          row: r,
          purpose: cell.purpose === '' ? null : cell.purpose,
          counterpart: cell.counterpart === '' ? null : cell.counterpart,
        });
      });
      checkCut(result, cuts);
    }),
    { numRuns: 20, seed: 3033, endOnFailure: true },
  );
}, 60_000);
