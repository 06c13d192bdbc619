import { de, en } from '../../../src/i18n/catalog';
import { budgetPatch, columnOf, diffTable, sameValue } from '../../../src/sync/push';
import type { CoreValue } from '../../../src/sync/workbook-port';
import { baselineOf, cells, changed, sheetOf } from './budget-rows';

describe('the diff of a budget table against its baseline', () => {
  test('rows are matched by id whatever their order; only the fields that differ count', () => {
    const a = cells({ id: 1 });
    const b = cells({ id: 2, external_id: 'b' });
    const c = cells({ id: 3, external_id: 'c' });
    const sorted = [cells({ id: 3, external_id: 'c', amount: -2600.5 }), b, a]; // sorted by the user, one amount changed
    const diff = diffTable([a, b, c].map(baselineOf), sorted.map(sheetOf));
    expect(diff.unchanged).toBe(2);
    expect(diff.problems).toEqual([]);
    expect(diff.changes).toEqual([
      { kind: 'changed', id: 3, externalId: 'c', changes: [{ field: 'amount', before: -2500, after: -2600.5 }], position: 0 },
    ]);
  });

  test('new rows (no id), deleted rows (baseline ids missing), a copied row and an id the baseline never had', () => {
    const a = cells({ id: 1 });
    const b = cells({ id: 2, external_id: 'b' });
    const rows = [a, cells({ id: null, external_id: 'new-1', name: 'New' }), a, cells({ id: 99, external_id: 'x' })].map(sheetOf);
    const diff = diffTable([a, b].map(baselineOf), rows);
    expect(diff.changes.map((c) => c.kind)).toEqual(['new', 'deleted']);
    expect(diff.changes[1]).toEqual({ kind: 'deleted', id: 2, externalId: 'b' });
    expect(diff.problems).toEqual([
      { kind: 'duplicateId', id: 1, position: 2 },
      { kind: 'unknownId', id: 99, position: 3 },
    ]);
  });

  test('an empty text cell equals an empty text, an empty list equals no tags, numbers to 1e-9', () => {
    expect(sameValue('', null)).toBe(true);
    expect(sameValue([], null)).toBe(true);
    expect(sameValue(0.1 + 0.2, 0.3)).toBe(true);
    expect(sameValue(0, null)).toBe(false);
    expect(sameValue(false, null)).toBe(false);
    expect(sameValue(['a'], ['a', 'b'])).toBe(false);
    const before = cells({ description: '' });
    expect(diffTable([baselineOf(before)], [sheetOf(cells({ description: null }), 0)]).unchanged).toBe(1);
  });
});

describe('the PATCH body of a changed budget', () => {
  const patchFor = (overrides: Record<string, CoreValue>) =>
    budgetPatch(changed(diffTable([baselineOf(cells())], [sheetOf(cells(overrides), 0)]).changes[0]), 'en');

  test('carries exactly the changed fields, addressed by the external ID as pulled', () => {
    expect(patchFor({ amount: -2600, settlement_date: '2027-01-01', tags: 'office' })).toEqual({
      ok: true,
      externalId: 'rent-2026',
      body: { settlement_date: '2027-01-01', amount: -2600, tags: ['office'] },
    });
  });

  test('the empty-string rules: texts and frequency/sequence clear with "", account and inter-company fields become null with "", tags become []', () => {
    expect(patchFor({ description: null, external_source: null, frequency: null, account_id: null, tags: null })).toEqual({
      ok: true,
      externalId: 'rent-2026',
      body: { description: '', frequency: '', account: '', tags: [], external_source: '' },
    });
    const withLinks = cells({ inter_company: 5102, inter_category: 40, sequence_type: 'AP' });
    const cleared = budgetPatch(
      changed(
        diffTable([baselineOf(withLinks)], [sheetOf(cells({ inter_company: null, inter_category: null, sequence_type: null }), 0)])
          .changes[0],
      ),
      'en',
    );
    expect(cleared).toEqual({ ok: true, externalId: 'rent-2026', body: { sequence_type: '', inter_company: '', inter_category: '' } });
  });

  test('clearing a name, category, number, date, boolean or base is a problem naming the column, and nothing is sent', () => {
    const plan = patchFor({
      name: null,
      category_id: null,
      amount: null,
      settlement_date: null,
      is_adjusted: null,
      base: null,
      description: 'still fine',
    });
    expect(plan.ok).toBe(false);
    const problems = plan.ok ? [] : plan.problems;
    expect(problems.map((p) => p.field).sort()).toEqual(['amount', 'base', 'category', 'is_adjusted', 'name', 'settlement_date']);
    expect(problems.find((p) => p.field === 'settlement_date')?.message).toBe(
      en['push.error.cleared'].replace('{column}', 'Settlement date'),
    );
    expect(columnOf('category')).toBe('Category Id');
    expect(budgetPatch(changed(diffTable([baselineOf(cells())], [sheetOf(cells({ name: null }), 0)]).changes[0]), 'de')).toMatchObject({
      ok: false,
      problems: [{ field: 'name', message: de['push.error.cleared'].replace('{column}', 'Name') }],
    });
  });

  test('a changed external ID renames: the old one addresses the budget, the new one is in the body; emptied, it is a problem', () => {
    expect(patchFor({ external_id: 'rent-2027', amount: -2700 })).toEqual({
      ok: true,
      externalId: 'rent-2026',
      body: { amount: -2700, external_id: 'rent-2027' },
    });
    expect(patchFor({ external_id: null })).toMatchObject({ ok: false, problems: [{ field: 'external_id' }] });
  });
});
