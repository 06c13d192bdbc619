/**
 * The planning grid in the preview (#31): Data › Plan grid › Build grid puts the Plan sheet beside the pane (actuals
 * for the three months before this one, the plan from this month on, input cells in blue); three months typed for one
 * category, Send figures, Build grid again (the refresh): the cells hold the figures, and the service holds the grid's
 * own budgets for them. Screenshots plan-grid-pane-light/dark and plan-grid-sheet-light/dark; axe in both themes.
 */
import { en } from '../../src/i18n/catalog';
import { addMonths } from '../../src/sync/plan-grid';
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
  selectGridCell,
  useApp,
} from './support';

const suite = useApp({ transactions: 300 });
const INPUT_FILL = '#EEF4FB';

/** This month as the browser and the sandbox see it (the same machine). */
function thisMonth(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

describe.each(['light', 'dark'] as const)('plan grid (%s)', (theme) => {
  test('build, type three months for one category, send, build again: the figures are there', async () => {
    const { page } = suite.session;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openPreview(page, suite.app.url, suite.app.sandbox.url, { theme });
    const p = pane(page);
    const preview = previewApi(page);
    await p.getByRole('button', { name: en['pane.connect.demo'] }).click();
    await p.getByText(en['pane.state.online'], { exact: true }).waitFor();
    await p.getByRole('tab', { name: en['pane.tab.data'] }).click();
    await p.getByRole('button', { name: en['grid.card.build'] }).click();
    await p.getByText(en['grid.card.built']).waitFor({ timeout: 60_000 });

    const month = thisMonth();
    // This month's header, in the pane's language (`Nov 2026`): the fifth column.
    expect(await preview.cellText('Plan', 2, 4)).toMatch(new RegExp(` ${month.slice(0, 4)}$`));
    // The first category whose next month takes a figure (columns: label, three past months, this month, …).
    let row = -1;
    for (let r = 3; r < 80 && row < 0; r += 1) if ((await preview.cellColors('Plan', r, 5)).fill === INPUT_FILL) row = r;
    expect(row).toBeGreaterThan(2);
    expect((await preview.cellColors('Plan', row, 3)).fill).not.toBe(INPUT_FILL); // last month: actuals
    // The file's two tests share one sandbox: each theme types figures of its own, so each send changes something.
    const figures = theme === 'light' ? ['-1500', '-1600', '-1700'] : ['-2500', '-2600', '-2700'];
    for (const [i, figure] of figures.entries()) await preview.typeInto('Plan', row, 5 + i, figure);
    await p.getByRole('button', { name: en['grid.card.send'] }).click();
    const outcome = p.getByTestId('plan-grid-outcome');
    await eventually(
      async () => expect(await outcome.textContent()).toBe('Budgets written: 3. The grid shows the service’s figures again.'),
      { timeoutMs: 60_000 },
    );

    // The card after the send, as the user reads it.
    await expectAccessible(page, { include: ['#pane'] });
    await page.mouse.move(0, 0);
    await p.getByTestId('plan-grid-card').scrollIntoViewIfNeeded();
    await screenshotPane(page, `plan-grid-pane-${theme}`);

    await p.getByRole('button', { name: en['grid.card.build'] }).click();
    await p.getByText(en['grid.card.built']).waitFor({ timeout: 60_000 });
    expect(await Promise.all([5, 6, 7].map((c) => preview.cellText('Plan', row, c)))).toEqual(
      figures.map((f) => `-${Number(f.slice(1)).toLocaleString('en-US')}.00`),
    );
    const layout = JSON.parse(JSON.parse(await preview.settingsJson())['cashflow.grid.PlanGrid'] as string) as {
      rows: { categoryId: number }[];
      months: string[];
    };
    const category = layout.rows[row - 3]?.categoryId;
    expect(layout.months[3]).toBe(month);
    for (const offset of [1, 2, 3])
      expect(await suite.app.sandbox.forecastBudget(`grid-${category}-${addMonths(month, offset)}`)).toMatchObject({
        id: expect.any(Number),
      });

    // Selecting next month's cell shows, in the pane, the budgets that make it up: the grid's own among them.
    await selectGridCell(page, row, 5);
    const composition = p.getByTestId('plan-grid-composition');
    await composition.waitFor();
    expect(await composition.textContent()).toContain('(the grid’s own)');
    await expectAccessible(page, { include: ['#pane'] });
    await composition.scrollIntoViewIfNeeded();
    await screenshotPane(page, `plan-grid-cell-${theme}`);
    await saveScreenshot(page, `plan-grid-sheet-${theme}`);
    expectClean(suite.session, [OFFICE_JS_TELEMETRY]);
  });
});
