/**
 * The language a workbook's tables were pulled in, read from the stamps its pull states keep ("… · refreshed
 * 2026-11-26 09:14 UTC · …" is English, "aktualisiert" German): a refresh writes its stamps, in-cell list prompts and
 * warnings in the same language, as the pane of the person who built the file would. Headers never depend on it.
 */
import { LANGUAGES, type Language } from '../../i18n/catalog';
import { translate } from '../../i18n/translate';
import type { PullState } from '../../sync/pull';

const TIME = '\u0000';

/** The stamp's "refreshed …" words in a language, without the time: ` · refreshed `. */
function refreshedWords(language: Language): string {
  const words = translate(language, 'stamp.refreshed', { time: TIME });
  return ` · ${words.slice(0, words.indexOf(TIME))}`;
}

/** The language of the first stamp that tells one; undefined when no stamp does (a file pulled before stamps). */
export function fileLanguage(states: readonly PullState[]): Language | undefined {
  const stamps = states.flatMap((s) => Object.values(s.stamps ?? {}));
  for (const stamp of stamps) {
    const found = LANGUAGES.find((language) => stamp.includes(refreshedWords(language)));
    if (found !== undefined) return found;
  }
  return undefined;
}
