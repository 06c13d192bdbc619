/**
 * Every call settles, and a failure is a typed value with a message in the user's language: bad arguments name
 * the argument, the service's refusal keeps its own localized message, a time-out says so. In en and de.
 */

import { FigureError } from '../../../src/sync/figures';
import type { Language } from '../../../src/i18n/catalog';
import type { FetchHook } from '../pull/support';
import { figureHarness, startService, type Sandbox } from './support';

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startService({ transactions: 2000 });
});

afterAll(async () => {
  await sandbox.close();
});

/** The rejection of a call, which must be a FigureError. */
async function failure(call: Promise<number>): Promise<FigureError> {
  try {
    const value = await call;
    throw new Error(`expected a failure, got ${value}`);
  } catch (error) {
    if (!(error instanceof FigureError)) throw error;
    return error;
  }
}

/** Answers GET /categories/ with the service's list plus a second "Energie" under "Einnahmen". */
const sharedName: FetchHook = async (request) => {
  if (new URL(request.url).pathname !== '/categories/') return undefined;
  const answer = await fetch(request);
  const list = (await answer.json()) as { id: number; parent: number | null; name: string }[];
  const income = list.find((c) => c.name === 'Einnahmen' && c.parent === null);
  const copy = { ...list.find((c) => c.name === 'Energie'), id: 99_999, parent: income?.id ?? null };
  return Response.json([...list, copy]);
};

const DETAIL: Record<Language, string> = {
  en: 'You do not have permission to perform this action.',
  de: 'Sie haben keine Berechtigung, diese Aktion durchzuführen.',
  it: 'Non hai il permesso di eseguire questa azione.',
};

/** The service refuses the transaction lists with a 403 and a detail in the requested language. */
const refusing: FetchHook = (request) => {
  if (!new URL(request.url).pathname.startsWith('/transactions/')) return undefined;
  const language = (request.headers.get('accept-language') ?? 'de') as Language;
  return Response.json({ detail: DETAIL[language] }, { status: 403 });
};

const EXPECTED = {
  en: {
    date: 'from: "2024-13-01" is not a date. Enter a date, or text as YYYY-MM-DD, e.g. 2026-12-31.',
    range: 'to: 2024-01-31 is before 2024-03-01. The end of the range must not be before its start.',
    ambiguous: (ids: string) => `category: "Energie" is the name of several categories: ${ids}. Enter the id or the whole path.`,
    account: 'account: there is no account "Kasse Mond". Enter the id or the name of one of your accounts, or leave it out.',
    refused: `The service refused: ${DETAIL.en}`,
    timeout: 'The service did not answer within 5 s. Recalculate to try again.',
    notConnected: 'Not connected to the service: connect in the task pane.',
  },
  de: {
    date: 'from: "2024-13-01" ist kein Datum. Bitte ein Datum eingeben oder Text als JJJJ-MM-TT, z. B. 2026-12-31.',
    range: 'to: 2024-01-31 liegt vor 2024-03-01. Das Ende des Zeitraums darf nicht vor seinem Anfang liegen.',
    ambiguous: (ids: string) => `category: "Energie" ist der Name mehrerer Kategorien: ${ids}. Bitte die ID oder den ganzen Pfad eingeben.`,
    account:
      'account: Es gibt kein Konto "Kasse Mond". Bitte die ID oder den Namen eines Ihrer Konten eingeben oder das Argument weglassen.',
    refused: `Der Dienst hat abgelehnt: ${DETAIL.de}`,
    timeout: 'Der Dienst hat nicht innerhalb von 5 s geantwortet. Zum erneuten Versuch neu berechnen.',
    notConnected: 'Keine Verbindung zum Dienst: bitte im Aufgabenbereich verbinden.',
  },
} as const;

describe.each(['en', 'de'] as const)('ACTUALS errors in %s', (language) => {
  const expected = EXPECTED[language];

  test('a bad date and a bad range are bad arguments naming the argument, before any request', async () => {
    const h = figureHarness(sandbox, { language });
    const date = await failure(h.engine.actuals('Ausgaben', '2024-13-01', '2024-12-31'));
    expect({ kind: date.kind, argument: date.argument, message: date.message }).toEqual({
      kind: 'badArgument',
      argument: 'from',
      message: expected.date,
    });
    const range = await failure(h.engine.actuals('Ausgaben', '2024-03-01', '2024-01-31'));
    expect({ kind: range.kind, argument: range.argument, message: range.message }).toEqual({
      kind: 'badArgument',
      argument: 'to',
      message: expected.range,
    });
    expect(h.sent).toHaveLength(0);
  });

  test('a name several categories share lists the candidates; the other calls of the batch still get their figures', async () => {
    const h = figureHarness(sandbox, { language });
    h.hook.current = sharedName;
    const [ambiguous, byPath] = await Promise.allSettled([
      h.engine.actuals('Energie', '2025-01-01', '2025-12-31'),
      h.engine.actuals('Ausgaben › Betriebskosten › Energie', '2025-01-01', '2025-12-31'),
    ]);
    expect(byPath.status).toBe('fulfilled');
    expect(ambiguous.status).toBe('rejected');
    const error = (ambiguous as PromiseRejectedResult).reason as FigureError;
    const energy = (await h.client.categories.list()).filter((c) => c.name === 'Energie').map((c) => c.id);
    expect(energy).toHaveLength(2);
    expect(error.kind).toBe('badArgument');
    expect(error.argument).toBe('category');
    expect(error.message).toBe(expected.ambiguous(`Ausgaben › Betriebskosten › Energie (${energy[0]}); Einnahmen › Energie (99999)`));
  });

  test('an unknown account is a bad argument', async () => {
    const h = figureHarness(sandbox, { language });
    const error = await failure(h.engine.actuals('Ausgaben', '2025-01-01', '2025-12-31', 'Kasse Mond'));
    expect({ kind: error.kind, argument: error.argument, message: error.message }).toEqual({
      kind: 'badArgument',
      argument: 'account',
      message: expected.account,
    });
    expect(
      h
        .calls()
        .map((s) => s.path)
        .sort(),
    ).toEqual(['/accounts/', '/categories/']);
  });

  test("the service's refusal settles every call of the batch with the service's localized message", async () => {
    const h = figureHarness(sandbox, { language });
    h.hook.current = refusing;
    const results = await Promise.allSettled([
      h.engine.actuals('Ausgaben', '2025-01-01', '2025-01-31'),
      h.engine.actuals('Einnahmen', '2025-01-01', '2025-01-31'),
      h.engine.actuals('Einnahmen', '2025-02-01', '2025-02-28'),
    ]);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const error = (result as PromiseRejectedResult).reason as FigureError;
      expect({ kind: error.kind, message: error.message }).toEqual({ kind: 'refused', message: expected.refused });
    }
    // A refusal is not cached: once the service answers again, the figure comes.
    h.hook.current = undefined;
    expect(typeof (await h.engine.actuals('Ausgaben', '2025-01-01', '2025-01-31'))).toBe('number');
  });

  test("a company whose edition has no API: the sandbox's own refusal, localized", async () => {
    const h = figureHarness(sandbox, { language, credentials: sandbox.credentials.basic });
    const error = await failure(h.engine.actuals('Ausgaben', '2025-01-01', '2025-01-31'));
    expect(error.kind).toBe('refused');
    expect(error.message).toBe(
      language === 'en'
        ? 'The service refused: Your plan does not include this function.'
        : 'Der Dienst hat abgelehnt: Ihr Tarif umfasst diese Funktion nicht.',
    );
  });

  test("a service that does not answer: the batch's deadline settles every call as a time-out", async () => {
    let fire: (() => void) | undefined;
    const h = figureHarness(sandbox, {
      language,
      timeoutMs: 5_000,
      startTimer: (_ms, onTimeout) => {
        fire = onTimeout;
        return () => undefined;
      },
    });
    let reached: () => void = () => undefined;
    const hanging = new Promise<void>((resolve) => (reached = resolve));
    h.hook.current = (request) => {
      if (!new URL(request.url).pathname.startsWith('/transactions/')) return undefined;
      reached();
      // Never answers; lets go when the engine aborts, as a browser's fetch does.
      return new Promise<Response>((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason)));
    };
    const calls = [h.engine.actuals('Ausgaben', '2025-01-01', '2025-01-31'), h.engine.actuals('Einnahmen', '2025-01-01', '2025-01-31')];
    await hanging;
    fire?.();
    for (const call of calls) {
      const error = await failure(call);
      expect({ kind: error.kind, message: error.message }).toEqual({ kind: 'timeout', message: expected.timeout });
    }
  });

  test('not connected: the error the functions layer gives without an engine', () => {
    const error = FigureError.notConnected(language);
    expect({ kind: error.kind, message: error.message }).toEqual({ kind: 'notConnected', message: expected.notConnected });
  });
});

describe('a budget series past what can be summed', () => {
  test('PLANNED over a daily budget of 300 years says so in the user’s language, as a figure error', async () => {
    const h = figureHarness(sandbox, { language: 'de' });
    const category = (await h.client.categories.list()).find((c) => c.name === 'Energie');
    await h.client.forecastBudgets.create({
      name: 'Täglich',
      category: category?.id ?? -1,
      settlement_date: '2000-01-01',
      amount: -1,
      frequency: 'daily',
      is_indefinite: true,
      external_id: 'daily-forever',
    });
    const error = await failure(h.engine.planned('Energie', '2000-01-01', '2299-12-31'));
    expect({ kind: error.kind, message: error.message }).toEqual({
      kind: 'unavailable',
      message:
        'Ein Budget dieses Plans zahlt im Zeitraum mehr als 100.000 Mal, oder seine Folge wächst über jeden Betrag hinaus: die Zahl lässt sich nicht summieren. Grenzen Sie den Zeitraum ein oder prüfen Sie Wiederholung und Folge des Budgets.',
    });
  });
});

test('signed out: a call in flight settles at once as not connected, its requests are aborted, and nothing more is asked', async () => {
  const h = figureHarness(sandbox, { schedule: (flush) => void setTimeout(flush, 0) });
  let aborted = 0;
  h.hook.current = (request) =>
    new URL(request.url).pathname === '/auth/token/'
      ? undefined
      : new Promise<Response>((_, reject) => {
          // The service hangs: only an abort ends the request.
          request.signal.addEventListener('abort', () => {
            aborted += 1;
            reject(new DOMException('aborted', 'AbortError'));
          });
        });
  const pending = h.engine.balance().catch((e: unknown) => e);
  await new Promise((r) => setTimeout(r, 50));
  const started = Date.now();
  h.engine.dispose();
  const error = await pending;
  expect(Date.now() - started).toBeLessThan(1_000);
  expect(error).toBeInstanceOf(FigureError);
  expect((error as FigureError).message).toBe('Not connected to the service: connect in the task pane.');
  await new Promise((r) => setTimeout(r, 20));
  expect(aborted).toBeGreaterThan(0);
  const sentBefore = h.sent.length;
  await expect(h.engine.balance()).rejects.toThrow('Not connected to the service');
  expect(h.sent.length).toBe(sentBefore);
});

test('a spilled table whose categories could not be read fails (no blank category column cached), and is read again next time', async () => {
  const h = figureHarness(sandbox);
  let failing = true;
  h.hook.current = (request) =>
    failing && new URL(request.url).pathname === '/categories/'
      ? new Response('<h1>Bad Request</h1>', { status: 400, headers: { 'content-type': 'text/html' } })
      : undefined;
  const error = await h.engine.invoices().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FigureError);
  failing = false;
  const table = await h.engine.invoices();
  const column = table[0]?.indexOf('Category') ?? -1;
  expect(column).toBeGreaterThanOrEqual(0);
  expect(table.slice(1).some((row) => row[column] !== '' && row[column] !== null)).toBe(true);
});
