/**
 * The bank-statement import in the preview (#28): Data › Import a bank statement… adds the Import table; a statement of
 * 2,500 rows with three bad ones (a value date before 2000, an amount that is no number, a disconnected account) is
 * pasted into it (written through Excel.run, as a paste lands); Send: the three wait with their reasons in their
 * rows, the other 2,497 land with their transaction ids, and the pane says so. Screenshots import-pane-light/dark and
 * import-sheet-light/dark; axe in both themes.
 */
import type { Page } from 'playwright-core';
import { en } from '../../src/i18n/catalog';
import {
  eventually,
  expectAccessible,
  expectClean,
  OFFICE_JS_TELEMETRY,
  openPreview,
  pane,
  previewApi,
  saveScreenshot,
  screenshotPane,
  useApp,
} from './support';

const suite = useApp({ transactions: 200 });

const BAD = new Map<number, string[]>([
  [2, ['1999-12-31', '-15', 'Bank fee', 'Bank', '', '', 'Kasse']],
  [1203, ['2025-06-03', 'n/a', 'Cash sale', 'Walk-in', '', '', 'Kasse']],
  [2401, ['2025-06-04', '-80', 'Fuel', 'Shell', '', 'car', 'Firmenkreditkarte']],
]);

/** The statement: 2,500 lines of the offline account Kasse, three of them bad. */
function statement(): (string | number)[][] {
  return Array.from(
    { length: 2500 },
    (_, n) =>
      BAD.get(n) ?? [
        `2025-06-${String((n % 28) + 1).padStart(2, '0')}`,
        -((n % 400) + 1.5),
        `Receipt ${n}`,
        `Shop ${n % 13}`,
        '',
        n % 5 === 0 ? 'cash' : '',
        'Kasse',
      ],
  );
}

/** Pastes the lines into the new Import table: into its blank row, the table growing by the rest. */
async function paste(page: Page, lines: (string | number)[][]): Promise<void> {
  await page.evaluate(async (rows) => {
    await window.cashflowPreview?.globals.Excel.run(async (context) => {
      const table = context.workbook.tables.getItem('Import');
      const cells = rows.map((l) => [...l, '', '']);
      table.getDataBodyRange().values = [cells[0] as (string | number)[]];
      table.rows.add(undefined, cells.slice(1));
      await context.sync();
    });
  }, lines);
}

/** Transaction Id and Import status of every row, as the add-in wrote them. */
function outcomes(page: Page): Promise<Array<[unknown, unknown]>> {
  return page.evaluate(async () => {
    const result = await window.cashflowPreview?.globals.Excel.run(async (context) => {
      const table = context.workbook.tables.getItem('Import');
      const ids = table.columns.getItem('Transaction Id').getDataBodyRange().load('values');
      const statuses = table.columns.getItem('Import status').getDataBodyRange().load('values');
      await context.sync();
      return ids.values.map((row, i) => [row[0], statuses.values[i]?.[0]] as [unknown, unknown]);
    });
    return result ?? [];
  });
}

describe.each(['light', 'dark'] as const)('bank-statement import (%s)', (theme) => {
  test('2,500 rows with three bad ones: the three wait with their reasons, the rest land', async () => {
    const { page } = suite.session;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openPreview(page, suite.app.url, suite.app.sandbox.url, { theme });
    const p = pane(page);
    await p.getByRole('button', { name: en['pane.connect.demo'] }).click();
    await p.getByText(en['pane.state.online'], { exact: true }).waitFor();
    await p.getByRole('tab', { name: en['pane.tab.data'] }).click();
    await p.getByRole('button', { name: en['import.card.add'] }).click();
    await p.getByText(en['import.card.added']).waitFor();
    expect((await previewApi(page).tables()).find((t) => t.name === 'Import')?.columns).toEqual([
      'Value date',
      'Amount',
      'Purpose',
      'Counterpart',
      'Counterpart IBAN',
      'Tags',
      'Account',
      'Transaction Id',
      'Import status',
    ]);

    await paste(page, statement());
    await p.getByRole('button', { name: en['import.card.send'] }).click();
    const outcome = p.getByTestId('import-outcome');
    await outcome.waitFor({ timeout: 120_000 });
    expect(await outcome.textContent()).toBe('2,497 rows imported.3 rows wait with their reasons in the Import status column.');

    const rows = await outcomes(page);
    expect(rows).toHaveLength(2500);
    expect(rows[2]).toEqual([
      '',
      'Not sent: Value date: 1999-12-31 lies before 2000-01-01: the service takes no transactions before that.',
    ]);
    expect(rows[1203]).toEqual(['', 'Not sent: Amount: “n/a” is not a number: enter it like -1,234.56.']);
    expect(rows[2401]?.[1]).toMatch(/^Not sent: Account: Firmenkreditkarte has a disconnected bank connection \(status DISCONNECTED\)/);
    const landed = rows.filter((_, i) => !BAD.has(i));
    expect(landed.every(([id, status]) => typeof id === 'number' && status === 'Imported')).toBe(true);
    expect(new Set(landed.map(([id]) => id)).size).toBe(2497);

    await expectAccessible(page, { include: ['#pane'] });
    await page.mouse.move(0, 0);
    await outcome.scrollIntoViewIfNeeded();
    await screenshotPane(page, `import-pane-${theme}`);
    await eventually(async () => expect(await previewApi(page).cellText('Import', 4, 8)).toMatch(/^Not sent/));
    // The grid scrolled right to the ids and statuses, as a user reading them sees it.
    await page.mouse.move(400, 400);
    await page.mouse.wheel(700, 0);
    await page.mouse.move(0, 0);
    await saveScreenshot(page, `import-sheet-${theme}`);
    expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
  });
});
