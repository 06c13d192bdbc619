/** The pane names a table by its card, never by the internal name where it has a word for it (#26). */
import { translate } from '../../src/i18n/translate';
import type { MessageKey } from '../../src/i18n/catalog';
import type { AppState } from '../../src/taskpane/state/app-state';
import type { TableRow } from '../../src/taskpane/state/app-snapshot';
import { tableLabel } from '../../src/taskpane/ui/table-label';

const app = { t: (key: MessageKey, params?: Record<string, string>) => translate('de', key, params) } as unknown as AppState;

const row = (tableName: string, label: MessageKey, labelParams?: Record<string, string>): TableRow =>
  ({ id: tableName, tableName, label, ...(labelParams ? { labelParams } : {}) }) as unknown as TableRow;

test("a table by its card's name (a scenario's with its name), the balance summary and the Import table by their words", () => {
  const rows = [
    row('ForecastBudgets', 'pane.table.forecastBudgets'),
    row('Scenario_303_Budgets', 'pane.table.scenarioBudgets', { name: 'Worst case' }),
  ];
  expect(tableLabel(app, rows, 'ForecastBudgets')).toBe(translate('de', 'pane.table.forecastBudgets'));
  expect(tableLabel(app, rows, 'scenario_303_budgets')).toBe(translate('de', 'pane.table.scenarioBudgets', { name: 'Worst case' }));
  expect(tableLabel(app, rows, 'BalanceSummary')).toBe('Saldenübersicht');
  expect(tableLabel(app, rows, 'Import')).toBe(translate('de', 'share.table.import'));
  expect(tableLabel(app, rows, 'MyOwnTable')).toBe('MyOwnTable');
  expect(tableLabel(app, rows, 'ForecastBudgets')).not.toBe('ForecastBudgets');
});
