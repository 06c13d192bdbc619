import { EditWatch } from '../../src/taskpane/state/edit-watch';

/** An EditWatch over a listener the test drives; `reviewed` resolves at each check. */
function watchWith(options: { busy?: () => boolean; tracks?: (name: string) => boolean }) {
  let edit: (e: { tableNames: string[] }) => void = () => undefined;
  const removed = { count: 0 };
  const checks: string[] = [];
  let onCheck: () => void = () => undefined;
  const watch = new EditWatch({
    listen: async (onEdit) => {
      edit = onEdit;
      return async () => {
        removed.count += 1;
      };
    },
    tracks: options.tracks ?? ((name) => name === 'ForecastBudgets'),
    busy: options.busy ?? (() => false),
    review: async (tables) => {
      checks.push(`check ${[...tables].sort().join(',')}`);
      onCheck();
    },
    delayMs: 0,
  });
  return {
    watch,
    checks,
    removed,
    edit: (tableNames: string[]) => edit({ tableNames }),
    nextCheck: () => new Promise<void>((resolve) => (onCheck = resolve)),
  };
}

test('an edit of a tracked table starts one check; edits of other tables none', async () => {
  const w = watchWith({});
  await Promise.resolve();
  w.edit(['Transactions']);
  const checked = w.nextCheck();
  w.edit(['ForecastBudgets']);
  w.edit(['ForecastBudgets']); // in quick succession: one check for both
  await checked;
  expect(w.checks).toEqual(['check forecastbudgets']);
  await w.watch.stop();
  expect(w.removed.count).toBe(1);
});

test('while a write runs, the check waits until it has ended', async () => {
  let busy = true;
  let asked = 0;
  let askedWhileBusy: () => void = () => undefined;
  const askedTwice = new Promise<void>((resolve) => (askedWhileBusy = resolve));
  const w = watchWith({
    busy: () => {
      asked += 1;
      if (asked === 2) askedWhileBusy();
      return busy;
    },
  });
  await Promise.resolve();
  w.edit(['ForecastBudgets']);
  await askedTwice; // asked, found busy, asked again later
  expect(w.checks).toEqual([]);
  const checked = w.nextCheck();
  busy = false;
  await checked;
  expect(w.checks).toEqual(['check forecastbudgets']);
  await w.watch.stop();
});

test('a check reads back only the tables the edits reached; a later edit of another table checks that one alone', async () => {
  const w = watchWith({ tracks: (name) => name !== 'Notes' });
  await Promise.resolve();
  let checked = w.nextCheck();
  w.edit(['ForecastBudgets', 'Notes']);
  w.edit(['Invoices']);
  await checked;
  checked = w.nextCheck();
  w.edit(['Transactions']);
  await checked;
  expect(w.checks).toEqual(['check forecastbudgets,invoices', 'check transactions']);
  await w.watch.stop();
});
