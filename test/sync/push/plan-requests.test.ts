import { diffTable, planIdOf, planRequests, type Fields } from '../../../src/sync/push';
import { baselineOf, cells, sheetOf } from './budget-rows';

const forecast = { kind: 'forecast', planId: 30 } as const;

describe('which request sends each change', () => {
  test('changed rows with an external ID: PATCH by it with the changed fields; without one or with "." or "/": PUT by id with the whole row', () => {
    const pulled = [
      cells({ id: 1, external_id: 'rent' }),
      cells({ id: 2, external_id: null }),
      cells({ id: 3, external_id: 'sap.4711' }),
      cells({ id: 4, external_id: '2025/versicherung' }),
    ];
    const edited = [
      cells({ id: 1, external_id: 'rent', amount: -1 }),
      cells({ id: 2, external_id: null, amount: -2 }),
      cells({ id: 3, external_id: 'sap.4711', amount: -3 }),
      cells({ id: 4, external_id: '2025/versicherung', amount: -4 }),
    ];
    const rows = edited.map(sheetOf);
    const byId = new Map(rows.map((r) => [r.id ?? 0, { fields: r.fields as Fields, externalId: r.externalId }]));
    const { requests, blocked } = planRequests(forecast, diffTable(pulled.map(baselineOf), rows), byId, 'en');
    expect(blocked).toEqual([]);
    expect(requests[0]).toEqual({ op: 'patch', id: 1, externalId: 'rent', body: { amount: -1 }, position: 0 });
    expect(requests.slice(1).map((r) => r.op)).toEqual(['replaceById', 'replaceById', 'replaceById']);
    const put = requests[2];
    // The whole row: every editable field and the external ID the budget keeps.
    expect(put).toMatchObject({
      op: 'replaceById',
      id: 3,
      body: { name: 'Rent', category: 12, settlement_date: '2026-12-01', amount: -3, tags: ['office', 'fixed'] },
    });
    // The service refuses "." and "/" in a body's external ID: the replace cannot keep it, and says so.
    expect(put?.op === 'replaceById' && put.dropsExternalId).toBe('sap.4711');
    expect(put?.op === 'replaceById' && 'external_id' in put.body).toBe(false);
    expect(requests[1]?.op === 'replaceById' && 'external_id' in requests[1].body).toBe(false);
  });

  test('new rows are created with the external ID typed; deleted rows go by external ID when addressable, else by id', () => {
    const pulled = [cells({ id: 1, external_id: 'rent' }), cells({ id: 2, external_id: 'a/b' }), cells({ id: 3, external_id: 'keep' })];
    const rows = [cells({ id: 3, external_id: 'keep' }), cells({ id: null, external_id: 'bonus-2026', name: 'Bonus' })].map(sheetOf);
    const { requests } = planRequests({ kind: 'scenario', scenarioId: 77 }, diffTable(pulled.map(baselineOf), rows), new Map(), 'en');
    expect(requests).toEqual([
      { op: 'create', body: expect.objectContaining({ name: 'Bonus', external_id: 'bonus-2026' }), position: 1 },
      { op: 'deleteByExternalId', id: 1, externalId: 'rent' },
      { op: 'deleteById', id: 2 },
    ]);
    expect(planIdOf({ kind: 'scenario', scenarioId: 77 })).toBe(77);
    expect(planIdOf(forecast)).toBe(30);
  });

  test('a row with a cleared required value plans no request and keeps its problems; the other rows still go', () => {
    const pulled = [cells({ id: 1, external_id: 'rent' }), cells({ id: 2, external_id: 'b' })];
    const rows = [cells({ id: 1, external_id: 'rent', name: null }), cells({ id: 2, external_id: 'b', amount: 5 })].map(sheetOf);
    const { requests, blocked } = planRequests(forecast, diffTable(pulled.map(baselineOf), rows), new Map(), 'en');
    expect(blocked).toEqual([{ id: 1, position: 0, problems: [expect.objectContaining({ field: 'name' })] }]);
    expect(requests).toEqual([{ op: 'patch', id: 2, externalId: 'b', body: { amount: 5 }, position: 1 }]);
  });

  test('a rename of a row addressed by id keeps the new external ID in the replace body', () => {
    const pulled = [cells({ id: 5, external_id: null })];
    const rows = [cells({ id: 5, external_id: 'adopted-5' })].map(sheetOf);
    const byId = new Map(rows.map((r) => [r.id ?? 0, { fields: r.fields as Fields, externalId: r.externalId }]));
    const { requests } = planRequests(forecast, diffTable(pulled.map(baselineOf), rows), byId, 'en');
    expect(requests).toEqual([{ op: 'replaceById', id: 5, body: expect.objectContaining({ external_id: 'adopted-5' }), position: 0 }]);
  });
});
