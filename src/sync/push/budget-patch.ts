/**
 * The PATCH body of a changed budget row: only the changed fields, with the spec's empty-string rules for what
 * the user cleared (api-spec.md, budget operations, rule 3):
 * - `description`, `external_source`, `frequency`, `sequence_type`: `""` clears the field;
 * - `account`, `inter_company`, `inter_category`: `""` sets it to null;
 * - `name`, `category`, `external_id`, `base`, numbers, dates, booleans: the service refuses `""` (400), so a
 *   cleared cell is a problem on the row, named by its column, and nothing is sent;
 * - `tags`: a cleared cell is the empty list `[]` (a list, not an empty string: the service takes it).
 * A changed external ID renames: the old one stays in the path, the new one goes in the body.
 */

import type { Language, MessageKey } from '../../i18n/catalog';
import { translate } from '../../i18n/translate';
import { BUDGET_COLUMNS } from '../tables';
import type { FieldChange, RowChange } from './diff';

type Clearing = 'emptyString' | 'null' | 'emptyList' | 'refused';

const CLEARING: Readonly<Record<string, Clearing>> = {
  description: 'emptyString',
  external_source: 'emptyString',
  frequency: 'emptyString',
  sequence_type: 'emptyString',
  account: 'null',
  inter_company: 'null',
  inter_category: 'null',
  tags: 'emptyList',
};

export interface PatchProblem {
  field: string;
  /** In the user's language, naming the column. */
  message: string;
}

export type PatchPlan = { ok: true; externalId: string | null; body: Record<string, unknown> } | { ok: false; problems: PatchProblem[] };

/** The table column a field is edited in (its header), for messages. */
export function columnOf(field: string): string {
  return BUDGET_COLUMNS.find((c) => c.write?.field === field || c.key === field)?.header ?? field;
}

const cleared = (value: unknown): boolean =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

export function budgetPatch(change: Extract<RowChange, { kind: 'changed' }>, language: Language): PatchPlan {
  const problem = (field: string, key: MessageKey): PatchProblem => ({
    field,
    message: translate(language, key, { column: columnOf(field) }),
  });
  const problems: PatchProblem[] = [];
  const body: Record<string, unknown> = {};
  for (const { field, after } of change.changes as readonly FieldChange[]) {
    if (!cleared(after)) {
      body[field] = after;
      continue;
    }
    switch (CLEARING[field] ?? 'refused') {
      case 'emptyString':
      case 'null':
        // Both are sent as "": the service clears a text, and sets the others to null.
        body[field] = '';
        break;
      case 'emptyList':
        body[field] = [];
        break;
      case 'refused':
        problems.push(problem(field, 'push.error.cleared'));
    }
  }
  if (change.renamedTo !== undefined) {
    if (cleared(change.renamedTo)) problems.push(problem('external_id', 'push.error.cleared'));
    else body.external_id = change.renamedTo;
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, externalId: change.externalId, body };
}
