/**
 * Adds the Import table: an empty table on a sheet of its own, its Account column offering the company's offline
 * accounts as an in-cell list (their names; the prompt names them, the list's source holds at most 255 characters
 * as Excel's does, and a name with a comma cannot be a list item: such an account is typed by its id or IBAN).
 * A name that starts as a formula would (`=`, `+`, `-`, `@`) is left out of the list's source too: a source starting
 * with `=` is a formula or a reference to Excel, not a list, so a service's text could become one (untrusted text
 * stays text). Such an account is typed by its id or IBAN as well.
 */

import type { Account, CashflowClient } from '../../api';
import type { Language } from '../../i18n/catalog';
import { translate } from '../../i18n/translate';
import { LIST_LIMITS } from '../tables/code-list';
import { offlineAccounts } from './import-accounts';
import type { AccountList, ImportSheet } from './import-port';
import { importTableSpec } from './import-table';

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** What Excel may read as the start of a formula in a list's source. */
const FORMULA_START = /^[=+\-@]/;

export function accountList(accounts: readonly Account[], language: Language): AccountList {
  const names: string[] = [];
  let length = 0;
  for (const account of offlineAccounts(accounts)) {
    const name = account.name.trim();
    if (name === '' || name.includes(',') || FORMULA_START.test(name) || names.includes(name)) continue;
    if (length + name.length + (names.length > 0 ? 1 : 0) > LIST_LIMITS.source) break;
    length += name.length + (names.length > 0 ? 1 : 0);
    names.push(name);
  }
  const message =
    names.length === 0 ? translate(language, 'import.list.none') : translate(language, 'import.list.prompt', { names: names.join(', ') });
  return {
    names,
    prompt: { title: cut(translate(language, 'import.list.title'), LIST_LIMITS.title), message: cut(message, LIST_LIMITS.prompt) },
  };
}

export async function addImportTable(client: CashflowClient, sheet: ImportSheet, language: Language, signal?: AbortSignal): Promise<void> {
  const { accounts } = await client.accounts.summary(signal === undefined ? {} : { signal });
  await sheet.create(importTableSpec(language), accountList(accounts, language));
}
