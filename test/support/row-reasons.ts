/**
 * What a row held back by a writer's check must carry (#30): at least one reason, each naming its column as the
 * table shows it (the header), in a message the add-in's catalog of the user's language makes (not English in a
 * German pane, not a raw exception text).
 */

import { catalogs, type Language } from '../../src/i18n/catalog';

const patterns = new Map<Language, RegExp[]>();

/** Every catalog message of `language` as a pattern (placeholders match anything). */
function messagesOf(language: Language): RegExp[] {
  let list = patterns.get(language);
  if (list === undefined) {
    list = Object.values(catalogs[language]).map((template) => {
      const parts = template.split(/\{\w+\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      return new RegExp(`^${parts.join('[\\s\\S]*')}$`);
    });
    patterns.set(language, list);
  }
  return list;
}

export interface Reason {
  column: string;
  message: string;
}

/** What is wrong with a held-back row's reasons (empty: each names a header of the table, in the user's language). */
export function reasonProblems(reasons: readonly Reason[] | undefined, headers: readonly string[], language: Language): string[] {
  if (reasons === undefined || reasons.length === 0) return ['no reason'];
  return reasons.flatMap(({ column, message }) => [
    ...(headers.includes(column) ? [] : [`${column}: not a header of the table`]),
    ...(message.includes(column) ? [] : [`${column}: not named in "${message}"`]),
    ...(messagesOf(language).some((m) => m.test(message)) ? [] : [`${column}: "${message}" is no ${language} message of the catalog`]),
  ]);
}

/** A pushed row as the reasons check reads it (`PushRowResult`). */
export interface PushedRow {
  key: string;
  outcome: string;
  message: string;
  columns: readonly string[];
  problems?: readonly Reason[] | undefined;
}

/**
 * What is wrong with the push's rows that did not land for what the user typed: a row held back by the check
 * (`blocked`) carries its reasons; a row the service refused (`failed`: a limit the spec does not state, such as the
 * sandbox's digits of `d`) says so naming one of its columns, in the user's language.
 */
export function pushedRowProblems(rows: readonly PushedRow[], headers: readonly string[], language: Language): string[] {
  return rows.flatMap((row) => {
    if (row.outcome === 'blocked') return reasonProblems(row.problems, headers, language).map((p) => `${row.key}: ${p}`);
    if (row.outcome !== 'failed') return [];
    const named = row.columns.some((column) => row.message.includes(column));
    const own = messagesOf(language).some((m) => m.test(row.message));
    return [
      ...(named ? [] : [`${row.key}: "${row.message}" names none of ${row.columns.join(', ')}`]),
      ...(own ? [] : [`${row.key}: "${row.message}" is no ${language} message`]),
    ];
  });
}
