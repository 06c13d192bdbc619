/**
 * The three-way comparison of a row about to be written: its baseline (what the last pull or push left), the sheet
 * (what the user wants) and the service now (read in bulk just before writing). Per field:
 * - changed in the sheet only: sent;
 * - changed on the service only: not overwritten, brought into the sheet (and the baseline);
 * - changed on both to the same value: nothing to send, the baseline catches up;
 * - changed on both to different values: a conflict; the row is not written until the user chooses, keep mine
 *   (sent) or take theirs (brought in).
 * The external ID counts as a field (`external_id`): a rename on the service is brought in and becomes the path.
 */

import { sameValue, type Fields } from './diff';

export const EXTERNAL_ID_FIELD = 'external_id';

export interface FieldConflict {
  field: string;
  base: unknown;
  mine: unknown;
  theirs: unknown;
}

export interface ThreeWay {
  /** Fields to send, with the sheet's values. */
  send: Record<string, unknown>;
  /** Fields to bring into the sheet, with the service's values. */
  bringIn: Record<string, unknown>;
  /** Fields changed on both sides to different values (left out of `send` and `bringIn`). */
  conflicts: FieldConflict[];
  /** Fields changed on both sides to the same value: nothing to send, the baseline takes the value. */
  agreed: Record<string, unknown>;
}

export type Resolution = 'mine' | 'theirs';

/**
 * `mine` holds the sheet's value of every field the sheet changed (the diff's changes); `base` and `theirs` hold
 * every field. A resolution settles every conflict of the row one way.
 */
export function threeWay(base: Fields, mine: Fields, theirs: Fields, resolution?: Resolution): ThreeWay {
  const send: Record<string, unknown> = {};
  const bringIn: Record<string, unknown> = {};
  const agreed: Record<string, unknown> = {};
  const conflicts: FieldConflict[] = [];
  for (const field of new Set([...Object.keys(base), ...Object.keys(theirs)])) {
    if (Object.prototype.hasOwnProperty.call(mine, field)) continue;
    if (!sameValue(base[field], theirs[field])) bringIn[field] = theirs[field] ?? null;
  }
  for (const [field, value] of Object.entries(mine)) {
    const theirsChanged = !sameValue(base[field], theirs[field]);
    if (!theirsChanged) send[field] = value;
    else if (sameValue(value, theirs[field])) agreed[field] = theirs[field] ?? null;
    else if (resolution === 'mine') send[field] = value;
    else if (resolution === 'theirs') bringIn[field] = theirs[field] ?? null;
    else conflicts.push({ field, base: base[field] ?? null, mine: value, theirs: theirs[field] ?? null });
  }
  return { send, bringIn, conflicts, agreed };
}

/**
 * Whether the service's row differs anywhere from the baseline (a delete of such a row would throw away someone
 * else's change, so it is a conflict too).
 */
export function changedFieldsOnService(base: Fields, theirs: Fields): string[] {
  return [...new Set([...Object.keys(base), ...Object.keys(theirs)])].filter((field) => !sameValue(base[field], theirs[field]));
}
