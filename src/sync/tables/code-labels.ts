/**
 * The words for the service's codes (invoice `type` RE/PA, a budget's `base` FS/S/F, `frequency` and
 * `sequence_type`), in the pane's language, for the label columns beside the code columns: a person reads the word,
 * the cell the push reads and sends stays the code. An unknown code has no label (null): the code column still says it.
 *
 * The same words make a code column's in-cell list (`codeChoices`, carried by the column's `ColumnSpec.choices`): a
 * list cannot show a word and store a code, so it holds the codes, and its prompt says what each one means.
 */

import type { Language, MessageKey } from '../../i18n/catalog';
import { translate } from '../../i18n/translate';

export type CodedField = 'invoiceType' | 'invoiceStatus' | 'budgetBase' | 'frequency' | 'sequenceType';

/** The service's codes of each field, in list order (api-spec.md; the empty code apart: `EMPTY_KEYS`). */
export const CODES = {
  invoiceType: ['RE', 'PA'],
  invoiceStatus: ['OD', 'PL', 'OR', 'PD', 'PP', 'IN', 'HD', 'PR', 'DP', 'CA', 'IP'],
  budgetBase: ['FS', 'S', 'F'],
  frequency: ['daily', 'weekly', 'monthly', 'quarterly', 'yearly'],
  sequenceType: ['AP', 'GP', 'HP'],
} as const satisfies Record<CodedField, readonly [string, ...string[]]>;

const KEYS: Record<CodedField, Readonly<Record<string, MessageKey>>> = {
  invoiceType: { RE: 'code.invoiceType.RE', PA: 'code.invoiceType.PA' },
  invoiceStatus: Object.fromEntries(
    ['OD', 'PL', 'OR', 'PD', 'PP', 'IN', 'HD', 'PR', 'DP', 'CA', 'IP'].map((c) => [c, `code.invoiceStatus.${c}` as MessageKey]),
  ),
  budgetBase: { FS: 'code.budgetBase.FS', S: 'code.budgetBase.S', F: 'code.budgetBase.F' },
  // The service's empty frequency is a one-time budget.
  frequency: {
    '': 'code.frequency.once',
    daily: 'code.frequency.daily',
    weekly: 'code.frequency.weekly',
    monthly: 'code.frequency.monthly',
    quarterly: 'code.frequency.quarterly',
    yearly: 'code.frequency.yearly',
  },
  // An empty sequence type: the amount does not change from one occurrence to the next.
  sequenceType: { '': 'code.sequenceType.none', AP: 'code.sequenceType.AP', GP: 'code.sequenceType.GP', HP: 'code.sequenceType.HP' },
};

export function codeLabel(field: CodedField, code: string | null | undefined, language: Language): string | null {
  const key = KEYS[field][code ?? ''];
  return key === undefined ? null : translate(language, key);
}

/** One code of a list and the message key of its word. */
export interface CodeChoice {
  code: string;
  label: MessageKey;
}

/** The codes a column accepts (an in-cell list in a workbook), each with the key of its word. */
export interface CodeChoices {
  codes: readonly CodeChoice[];
  /** The key of what an empty cell means where the service takes the empty string (a one-time budget); null: not allowed. */
  empty: MessageKey | null;
}

/** The field's codes with their words; `emptyAllowed` where the service takes `""` for the field. */
export function codeChoices(field: CodedField, emptyAllowed: boolean): CodeChoices {
  const keys = KEYS[field];
  const empty = emptyAllowed ? (keys[''] ?? 'code.empty') : null;
  return { codes: CODES[field].map((code): CodeChoice => ({ code, label: keys[code] as MessageKey })), empty };
}

/** `FS (Forecast and scenario), S (Scenario)`: the codes with their words; a word that only repeats its code is left out. */
export function describeCodes(choices: CodeChoices, language: Language, separator = ', '): string {
  return choices.codes
    .map(({ code, label }) => {
      const word = translate(language, label);
      return word.toLowerCase() === code.toLowerCase() ? code : `${code} (${word})`;
    })
    .join(separator);
}
