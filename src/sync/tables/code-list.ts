/**
 * What a host writes for a code column's in-cell list (data validation of type list), in the language of the pull:
 * the codes as the list's source, whether an empty cell is allowed, the prompt a user sees on selecting a cell
 * ("FS: Forecast and scenario · S: Scenario · F: Forecast") and the error alert (style Stop) that refuses a typed
 * value not in the list, naming the allowed codes. Both hosts write the same list from the same `ColumnSpec`.
 *
 * Excel's limits (its Data Validation dialog; the API refuses longer texts): titles 32 characters, the prompt's
 * message 255, the error's message 225, a comma-separated source 255. The texts are cut to them (our catalogs fit:
 * test/sync/tables/code-list.test.ts).
 */

import type { Language } from '../../i18n/catalog';
import { translate } from '../../i18n/translate';
import type { ColumnSpec } from '../workbook-port';
import { describeCodes, type CodeChoices } from './code-labels';
import { cut, LIST_LIMITS } from './list-limits';

export { LIST_LIMITS } from './list-limits';

export interface CodeList {
  /** The codes, comma-separated (`FS,S,F`). */
  source: string;
  /** An empty cell is valid (the service takes `""`). */
  emptyAllowed: boolean;
  prompt: { title: string; message: string };
  error: { title: string; message: string };
}

/** The prompt's message: each code with its word, the empty cell's meaning last. */
function promptMessage(choices: CodeChoices, language: Language): string {
  const parts = choices.codes.map(({ code, label }) => {
    const word = translate(language, label);
    return word.toLowerCase() === code.toLowerCase() ? code : `${code}: ${word}`;
  });
  if (choices.empty !== null) parts.push(`${translate(language, 'code.empty')}: ${translate(language, choices.empty)}`);
  return parts.join(' · ');
}

export function codeList(column: Pick<ColumnSpec, 'header'> & { choices: CodeChoices }, language: Language): CodeList {
  const { choices } = column;
  const emptyAllowed = choices.empty !== null;
  const codes = describeCodes(choices, language);
  return {
    source: cut(choices.codes.map((c) => c.code).join(','), LIST_LIMITS.source),
    emptyAllowed,
    prompt: {
      title: cut(translate(language, 'code.list.promptTitle'), LIST_LIMITS.title),
      message: cut(promptMessage(choices, language), LIST_LIMITS.prompt),
    },
    error: {
      title: cut(translate(language, 'code.list.errorTitle'), LIST_LIMITS.title),
      message: cut(
        translate(language, emptyAllowed ? 'code.list.errorOrEmpty' : 'code.list.error', { column: column.header, codes }),
        LIST_LIMITS.error,
      ),
    },
  };
}

/** The columns of a table that carry a list, with their index in the spec. */
export function listColumns(columns: readonly ColumnSpec[]): Array<{ index: number; column: ColumnSpec & { choices: CodeChoices } }> {
  return columns.flatMap((column, index) =>
    column.choices === undefined ? [] : [{ index, column: column as ColumnSpec & { choices: CodeChoices } }],
  );
}
