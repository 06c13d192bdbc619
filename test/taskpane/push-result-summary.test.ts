/**
 * The last send's summary (#25 item 7): a row the service did not confirm is "not confirmed", never counted as
 * "not sent" (it may be on the service); rows the service refused or that never went are "not sent".
 */
import { translate } from '../../src/i18n/translate';
import type { MessageKey } from '../../src/i18n/catalog';
import type { MessageParams } from '../../src/i18n/translate';
import { resultSummary } from '../../src/taskpane/ui/PushResultPanel';

const counts = {
  landed: 4,
  broughtIn: 0,
  failed: 1,
  unknown: 2,
  cancelled: 0,
  conflict: 0,
  blocked: 1,
  needsReplace: 0,
  needsDeleteConfirmation: 0,
};
const result = { tableName: 'ForecastBudgets', rows: [], counts, unchanged: 0 };

test.each([
  ['en', '4 sent · 2 not sent · 2 not confirmed'],
  ['de', '4 gesendet · 2 nicht gesendet · 2 nicht bestätigt'],
  ['it', '4 inviati · 2 non inviati · 2 non confermati'],
] as const)('%s', (language, expected) => {
  const t = (key: MessageKey, params?: MessageParams) => translate(language, key, params);
  expect(resultSummary(result, language, t)).toBe(expected);
});
