/**
 * What a table's card says of its last pull: complete, or why not (the check of the figures, the records that
 * shared an id, the warnings), in the user's language.
 */

import type { Language } from '../../i18n/catalog';
import { formatCount } from '../../i18n/format-count';
import { translate } from '../../i18n/translate';
import type { PullResult, PullState } from '../../sync/pull';
import type { Verdict } from './app-snapshot';

/** The verdict of a pull this session ran. */
export function verdictOf(result: PullResult, language: Language): Verdict {
  // Records sharing an id explain a failed check better than its figures: their warnings say which id (and the
  // figures' warning is among them when the clashes do not account for all of the difference).
  if (result.verification !== undefined && !result.verification.ok && result.idClashes === undefined) {
    const v = result.verification;
    return {
      complete: false,
      reason: translate(language, 'pane.verdict.mismatch', {
        actual: formatCount(v.actualCount, language),
        expected: formatCount(v.expectedCount, language),
      }),
    };
  }
  if (result.warnings.length > 0) return { complete: false, reason: result.warnings.join(' ') };
  return { complete: true, ...(result.fallback === undefined ? {} : { reason: result.fallback.message }) };
}

/** The verdict a table's pull state keeps (after a reload, before this session pulled it). */
export function verdictOfState(state: PullState): Verdict {
  const reason = state.warnings?.join(' ');
  return { complete: state.complete === true, ...(reason ? { reason } : {}) };
}
