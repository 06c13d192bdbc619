/** The Import table cannot be sent as it is: missing, or without columns the import needs. */

import type { Language } from '../../i18n/catalog';
import { translate } from '../../i18n/translate';

export class ImportTableError extends Error {
  override name = 'ImportTableError';
  constructor(
    readonly reason: 'noTable' | 'columns',
    readonly columns: readonly string[],
  ) {
    super(reason === 'noTable' ? 'The workbook has no Import table' : `The Import table lacks the columns ${columns.join(', ')}`);
  }

  /** What the pane says, in its language. */
  messageIn(language: Language): string {
    return this.reason === 'noTable'
      ? translate(language, 'import.error.noTable')
      : translate(language, 'import.error.columns', { columns: this.columns.join(', ') });
  }
}
