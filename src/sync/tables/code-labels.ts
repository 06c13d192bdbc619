/**
 * The words for the service's codes (invoice `type` RE/PA, a budget's `base` FS/S/F and `frequency`), in the pane's
 * language, for the label columns beside the code columns: a person reads the word, the cell the push reads and
 * sends stays the code. An unknown code has no label (null): the code column still says it.
 */

import type { Language, MessageKey } from '../../i18n/catalog';
import { translate } from '../../i18n/translate';

export type CodedField = 'invoiceType' | 'budgetBase' | 'frequency';

const KEYS: Record<CodedField, Readonly<Record<string, MessageKey>>> = {
  invoiceType: { RE: 'code.invoiceType.RE', PA: 'code.invoiceType.PA' },
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
};

export function codeLabel(field: CodedField, code: string | null | undefined, language: Language): string | null {
  const key = KEYS[field][code ?? ''];
  return key === undefined ? null : translate(language, key);
}
