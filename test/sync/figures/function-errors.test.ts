/**
 * Bad arguments of PLANNED, BALANCE, DUE and the spilled tables: a `badArgument` naming the parameter, with a message
 * in the user's language that lists what is allowed; the ones the engine can check alone fail before any request.
 * In en and de.
 */

import type { Plan } from '../../../src/api';
import { FigureError } from '../../../src/sync/figures';
import type { FetchHook } from '../pull/support';
import { clientFor, figureHarness, startService, type Sandbox } from './support';

let sandbox: Sandbox;
let plans: Plan[];

beforeAll(async () => {
  sandbox = await startService({ transactions: 300 });
  plans = await clientFor(sandbox, 'en').plans.list();
});

afterAll(async () => {
  await sandbox.close();
});

async function failure(call: Promise<unknown>): Promise<{ kind: string; argument: string | undefined; message: string }> {
  try {
    const value = await call;
    throw new Error(`expected a failure, got ${JSON.stringify(value)}`);
  } catch (error) {
    if (!(error instanceof FigureError)) throw error;
    return { kind: error.kind, argument: error.argument, message: error.message };
  }
}

/** Answers GET /plans/ with the service's list plus a second scenario named like the first. */
const twinScenario: FetchHook = async (request) => {
  if (new URL(request.url).pathname !== '/plans/') return undefined;
  const list = (await (await fetch(request)).json()) as Plan[];
  const first = list.find((p) => p.type === 'SCENARIO');
  return Response.json([...list, { ...first, id: 9_999 }]);
};

const candidates = () =>
  plans
    .filter((p) => p.type !== 'REGULAR')
    .map((p) => `${p.name} (${p.id})`)
    .join('; ');

const EXPECTED = {
  en: {
    scenarioUnknown: (value: string) =>
      `scenario: there is no forecast or scenario "${value}". Enter the id or the name of one of these plans, or leave it out for the forecast: ${candidates()}.`,
    scenarioAmbiguous: (value: string, list: string) => `scenario: "${value}" is the name of several plans: ${list}. Enter the id.`,
    horizon:
      'horizon: "end_of_days" is not a horizon of the balance summary. Enter one of today, current_month_end, next_month_end, in_3_months, fiscal_year_end, or leave it out for today.',
    type: 'type: "Rechnung" is not an invoice type. Enter one of RE, PA, receivable, payable.',
    typeRequired: 'type: required. Enter a value.',
    status: 'status: "late" is not an invoice status. Enter one of the codes OD, PL, OR, PD, PP, IN, HD, PR, DP, CA, IP, or leave it out.',
    range: 'to: 2024-01-31 is before 2024-03-01. The end of the range must not be before its start.',
    date: 'from: "yesterday" is not a date. Enter a date, or text as YYYY-MM-DD, e.g. 2026-12-31.',
    category:
      'category: there is no category "Reisen ins All". Enter the id, the name or the path of a category as the sheet "Categories" shows it, e.g. Ausgaben › Personal.',
  },
  de: {
    scenarioUnknown: (value: string) =>
      `scenario: Es gibt keine Prognose und kein Szenario "${value}". Bitte die ID oder den Namen eines dieser Pläne eingeben oder das Argument für die Prognose weglassen: ${candidates()}.`,
    scenarioAmbiguous: (value: string, list: string) => `scenario: "${value}" ist der Name mehrerer Pläne: ${list}. Bitte die ID eingeben.`,
    horizon:
      'horizon: "end_of_days" ist kein Zeitpunkt der Saldenübersicht. Bitte einen von today, current_month_end, next_month_end, in_3_months, fiscal_year_end eingeben oder das Argument für heute weglassen.',
    type: 'type: "Rechnung" ist keine Rechnungsart. Bitte eine von RE, PA, receivable, payable eingeben.',
    typeRequired: 'type: Pflichtangabe. Bitte einen Wert eingeben.',
    status:
      'status: "late" ist kein Rechnungsstatus. Bitte einen der Codes OD, PL, OR, PD, PP, IN, HD, PR, DP, CA, IP eingeben oder das Argument weglassen.',
    range: 'to: 2024-01-31 liegt vor 2024-03-01. Das Ende des Zeitraums darf nicht vor seinem Anfang liegen.',
    date: 'from: "yesterday" ist kein Datum. Bitte ein Datum eingeben oder Text als JJJJ-MM-TT, z. B. 2026-12-31.',
    category:
      'category: Es gibt keine Kategorie "Reisen ins All". Bitte die ID, den Namen oder den Pfad einer Kategorie eingeben, wie das Blatt "Categories" sie zeigt, z. B. Ausgaben › Personal.',
  },
} as const;

describe.each(['en', 'de'] as const)('errors of the new functions in %s', (language) => {
  const expected = EXPECTED[language];
  const bad = (argument: string, message: string) => ({ kind: 'badArgument', argument, message });

  test('arguments the engine checks alone fail before any request', async () => {
    const h = figureHarness(sandbox, { language });
    expect(await failure(h.engine.balance('end_of_days'))).toEqual(bad('horizon', expected.horizon));
    expect(await failure(h.engine.balance(3))).toMatchObject({ kind: 'badArgument', argument: 'horizon' });
    expect(await failure(h.engine.due('Rechnung'))).toEqual(bad('type', expected.type));
    expect(await failure(h.engine.due(null))).toEqual(bad('type', expected.typeRequired));
    expect(await failure(h.engine.due('RE', null, null, 'late'))).toEqual(bad('status', expected.status));
    expect(await failure(h.engine.due('RE', '2024-03-01', '2024-01-31'))).toEqual(bad('to', expected.range));
    expect(await failure(h.engine.invoices('Rechnung'))).toEqual(bad('type', expected.type));
    expect(await failure(h.engine.invoices(null, 'late'))).toEqual(bad('status', expected.status));
    expect(await failure(h.engine.budgets(null, '2024-03-01', '2024-01-31'))).toEqual(bad('to', expected.range));
    expect(await failure(h.engine.planned('Ausgaben', 'yesterday', '2024-01-31'))).toEqual(bad('from', expected.date));
    expect(await failure(h.engine.transactions('yesterday', '2024-01-31'))).toEqual(bad('from', expected.date));
    expect(h.sent).toHaveLength(0);
  });

  test("an unknown scenario lists the forecast and the scenarios; a regular plan is not one; the batch's other calls still get their figures", async () => {
    const h = figureHarness(sandbox, { language });
    const regular = plans.find((p) => p.type === 'REGULAR') as Plan;
    const [unknown, byRegularId, fine, table] = await Promise.allSettled([
      h.engine.planned('Ausgaben', '2026-01-01', '2026-12-31', 'Mondlandung'),
      h.engine.planned('Ausgaben', '2026-01-01', '2026-12-31', regular.id),
      h.engine.planned('Ausgaben', '2026-01-01', '2026-12-31'),
      h.engine.budgets('Mondlandung'),
    ]);
    const reason = (r: PromiseSettledResult<unknown>) => {
      const error = (r as PromiseRejectedResult).reason as FigureError;
      return { kind: error.kind, argument: error.argument, message: error.message };
    };
    expect(reason(unknown)).toEqual(bad('scenario', expected.scenarioUnknown('Mondlandung')));
    expect(reason(byRegularId)).toEqual(bad('scenario', expected.scenarioUnknown(String(regular.id))));
    expect(reason(table)).toEqual(bad('scenario', expected.scenarioUnknown('Mondlandung')));
    expect(fine.status).toBe('fulfilled');
  });

  test('a name two plans share lists both', async () => {
    const h = figureHarness(sandbox, { language });
    h.hook.current = twinScenario;
    const first = plans.find((p) => p.type === 'SCENARIO') as Plan;
    expect(await failure(h.engine.planned('Ausgaben', '2026-01-01', '2026-12-31', first.name.toLowerCase()))).toEqual(
      bad('scenario', expected.scenarioAmbiguous(first.name.toLowerCase(), `${first.name} (${first.id}); ${first.name} (9999)`)),
    );
  });

  test('an unknown category of PLANNED and TRANSACTIONS names the category argument', async () => {
    const h = figureHarness(sandbox, { language });
    expect(await failure(h.engine.planned('Reisen ins All', '2026-01-01', '2026-12-31'))).toEqual(bad('category', expected.category));
    expect(await failure(h.engine.transactions('2026-01-01', '2026-12-31', 'Reisen ins All'))).toEqual(bad('category', expected.category));
  });

  test('a reference list the service refuses fails only the calls that need it', async () => {
    const h = figureHarness(sandbox, { language });
    h.hook.current = (request) =>
      new URL(request.url).pathname === '/categories/' ? Response.json({ detail: 'no' }, { status: 403 }) : undefined;
    const [planned, table, balance, due] = await Promise.allSettled([
      h.engine.planned('Ausgaben', '2026-01-01', '2026-12-31'),
      h.engine.categories(),
      h.engine.balance(),
      h.engine.due('RE'),
    ]);
    expect([planned.status, table.status, balance.status, due.status]).toEqual(['rejected', 'rejected', 'fulfilled', 'fulfilled']);
    expect(((planned as PromiseRejectedResult).reason as FigureError).kind).toBe('refused');
  });

  test('a service that does not answer: the deadline settles every call of every function as a time-out', async () => {
    const fires: (() => void)[] = [];
    const h = figureHarness(sandbox, {
      language,
      timeoutMs: 5_000,
      startTimer: (_ms, onTimeout) => {
        fires.push(onTimeout);
        return () => undefined;
      },
    });
    const waiting: string[] = [];
    let reached: () => void = () => undefined;
    h.hook.current = (request) => {
      const path = new URL(request.url).pathname;
      if (!['/invoices/', '/forecast/budgets/', '/accounts/'].includes(path)) return undefined;
      waiting.push(path);
      if (waiting.length === 4) reached();
      // Never answers; lets go when the engine aborts, as a browser's fetch does.
      return new Promise<Response>((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason)));
    };
    const hanging = new Promise<void>((resolve) => (reached = resolve));
    // A batch whose work hangs while being served (the categories answer) ...
    const serving = [h.engine.planned('Ausgaben', '2026-01-01', '2026-12-31'), h.engine.due('PA', '2026-01-01'), h.engine.invoices()];
    await new Promise((resolve) => setTimeout(resolve, 0));
    // ... and one whose reference list (the balance summary) hangs.
    const loading = [h.engine.balance(), h.engine.budgets()];
    await hanging;
    expect(waiting.sort()).toEqual(['/accounts/', '/forecast/budgets/', '/invoices/', '/invoices/']);
    for (const fire of fires) fire();
    for (const call of [...serving, ...loading]) expect(await failure(call)).toMatchObject({ kind: 'timeout', argument: undefined });
  });
});
