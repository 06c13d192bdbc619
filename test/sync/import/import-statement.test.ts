/**
 * The bank-statement import against the sandbox over HTTP: good rows land with their ids, bad rows wait with their
 * reasons and send nothing, accounts the service refuses are refused before any request, calls of at most 1,000,
 * per-item errors on their rows, lost answers read back, and a send cut off sent again without creating anything twice.
 */

import { answerLostAfterWrite, line, setUpImport, type ImportHarness } from './import-support';

let h: ImportHarness;
afterEach(async () => {
  await h?.close();
});

test('good rows land with their ids; bad rows wait with their reasons and send nothing', async () => {
  h = await setUpImport([
    line(0),
    line(1, 'Kasse', { value_date: '1999-12-31' }),
    line(2, 'Kasse', { amount: 'twelve' }),
    line(3, 'Kasse', { counterpart_iban: 'DE00 1234' }),
    {},
    line(4, 'Kasse', {
      value_date: '31.03.2025',
      amount: '-1,234.50',
      counterpart_iban: 'de89 3704 0044 0532 0130 00',
      tags: 'rent, office',
    }),
    line(5, 'Treuhandkonto'),
  ]);
  h.takePosts();
  const result = await h.send();
  expect(h.takePosts()).toEqual([2, 1]);
  expect(result.counts).toMatchObject({ imported: 3, waiting: 3, rows: 6 });
  const rows = h.sheet.rows ?? [];
  expect(rows[1]?.status).toBe('Not sent: Value date: 1999-12-31 lies before 2000-01-01: the service takes no transactions before that.');
  expect(rows[2]?.status).toBe('Not sent: Amount: “twelve” is not a number: enter it like -1,234.56.');
  expect(rows[3]?.status).toBe('Not sent: Counterpart IBAN: “DE00 1234” is not an IBAN: check its country, length and check digits.');
  expect(rows[4]).toEqual({});
  for (const at of [1, 2, 3]) expect(rows[at]?.id).toBe('');
  const kasse = await h.created('Kasse');
  expect(kasse.map((t) => [t.value_date, t.amount, t.purpose, t.tags])).toEqual([
    ['2025-03-01', -1.25, 'Purpose 0', null],
    ['2025-03-31', -1234.5, 'Purpose 4', ['rent', 'office']],
  ]);
  expect([rows[0]?.id, rows[5]?.id]).toEqual(kasse.map((t) => t.id));
  expect(rows[0]?.status).toBe('Imported');
  expect((await h.created('Treuhandkonto')).map((t) => t.id)).toEqual([rows[6]?.id]);
});

test('an account the service refuses (disconnected, API, linked, unknown) is refused before any request, with the reason', async () => {
  h = await setUpImport([line(0, 'Firmenkreditkarte'), line(1, 'API-Konto'), line(2, 'Geschäftskonto'), line(3, 'Nowhere'), line(4, '')]);
  h.takePosts();
  const result = await h.send({ language: 'de' });
  expect(h.takePosts()).toEqual([]);
  expect(result.counts).toMatchObject({ waiting: 5, imported: 0 });
  expect((h.sheet.rows ?? []).map((r) => r.status)).toEqual([
    'Nicht gesendet: Account: Die Bankverbindung von Konto Firmenkreditkarte ist getrennt (Status DISCONNECTED): der Dienst nimmt dort keine importierten Umsätze an.',
    'Nicht gesendet: Account: Konto API-Konto wird über die Banking-API gefüllt (Status API): der Dienst nimmt dort keine importierten Umsätze an.',
    'Nicht gesendet: Account: Konto Geschäftskonto ist mit einer Bankverbindung verknüpft: seine Umsätze kommen von der Bank. In ein Offline-Konto importieren.',
    'Nicht gesendet: Account: Die Firma hat kein Konto „Nowhere“.',
    'Nicht gesendet: Account: Fehlt: das Offline-Konto wählen, in das importiert wird.',
  ]);
});

test('2,500 rows of one account go in calls of 1,000, 1,000 and 500, each row with its own id', async () => {
  h = await setUpImport(Array.from({ length: 2500 }, (_, n) => line(n)));
  h.takePosts();
  const progress: number[] = [];
  const result = await h.send({ onProgress: (done) => progress.push(done) });
  expect(h.takePosts()).toEqual([1000, 1000, 500]);
  expect(progress).toEqual([0, 1000, 2000, 2500]);
  expect(result.counts.imported).toBe(2500);
  const created = await h.created('Kasse');
  expect(created).toHaveLength(2500);
  const ids = (h.sheet.rows ?? []).map((r) => r.id);
  expect(new Set(ids).size).toBe(2500);
  expect([...ids].sort()).toEqual(created.map((t) => t.id).sort());
});

test('a call whose answer was lost after the write is read back: the rows take their ids, nothing is created twice', async () => {
  h = await setUpImport([line(0), line(1), line(1), line(2)]);
  h.hook.current = answerLostAfterWrite();
  h.takePosts();
  const result = await h.send();
  expect(h.takePosts()).toEqual([4]);
  expect(h.sent.some((r) => r.method === 'GET' && r.path === '/transactions/' && r.query.getAll('account').length === 1)).toBe(true);
  expect(result.counts.imported).toBe(4);
  const created = await h.created('Kasse');
  expect(created).toHaveLength(4);
  expect(new Set((h.sheet.rows ?? []).map((r) => r.id))).toEqual(new Set(created.map((t) => t.id)));
});

test('a call answered with a 500 before it was written is read back, found absent and sent again once', async () => {
  h = await setUpImport([line(0), line(1)]);
  let failed = false;
  h.hook.current = (request) => {
    if (request.method !== 'POST' || !request.path.endsWith('/transactions/') || failed) return undefined;
    failed = true;
    return new Response('<h1>Server Error (500)</h1>', { status: 500, headers: { 'content-type': 'text/html' } });
  };
  h.takePosts();
  const result = await h.send();
  expect(h.takePosts()).toEqual([2, 2]);
  expect(result.counts.imported).toBe(2);
  expect(await h.created('Kasse')).toHaveLength(2);
});

test('cut off (the answer lost and the read-back failing), sent again: read back first, nothing is created twice', async () => {
  h = await setUpImport([line(0), line(1), line(2, 'Treuhandkonto')]);
  const lost = answerLostAfterWrite(h.accountId('Kasse'));
  h.hook.current = (request, forward) =>
    request.method === 'GET' && request.path === '/transactions/'
      ? new Response('<h1>Server Error (500)</h1>', { status: 500, headers: { 'content-type': 'text/html' } })
      : lost(request, forward);
  const first = await h.send();
  expect(first.counts).toMatchObject({ imported: 1, unconfirmed: 2 });
  expect(h.sheet.rows?.[0]?.status).toMatch(
    /^Not confirmed: sent, but the answer was lost and reading back did not tell \(.+\)\. Send again/,
  );
  expect(h.sheet.rows?.[0]?.id).toBe('');
  h.hook.current = undefined;
  h.takePosts();
  const again = await h.send();
  expect(h.takePosts()).toEqual([]);
  expect(again.counts).toMatchObject({ imported: 2, already: 1 });
  expect(await h.created('Kasse')).toHaveLength(2);
  expect((h.sheet.rows ?? []).every((r) => typeof r.id === 'number' && r.status === 'Imported')).toBe(true);
  await h.send();
  expect(h.takePosts()).toEqual([]);
});

test('an item the service refuses (its 400 per item) waits with the service’s words; the others of the call land', async () => {
  h = await setUpImport([line(0), line(1, 'Kasse', { purpose: 'x'.repeat(100_001) }), line(2)]);
  h.takePosts();
  const result = await h.send();
  expect(h.takePosts()).toEqual([3, 2]);
  expect(result.counts).toMatchObject({ imported: 2, refused: 1 });
  expect(h.sheet.rows?.[1]?.status).toBe('Refused by the service: Purpose: Ensure this field has no more than 100000 characters.');
  expect((await h.created('Kasse')).map((t) => t.purpose)).toEqual(['Purpose 0', 'Purpose 2']);
});

test('a row sorted away during the send still gets its own id', async () => {
  h = await setUpImport([line(0), line(1), line(2)]);
  let reads = 0;
  h.sheet.onAccess = (what) => {
    if (what === 'read' && ++reads === 2) h.sheet.rows?.reverse();
  };
  await h.send();
  const created = await h.created('Kasse');
  for (const row of h.sheet.rows ?? []) expect(created.find((t) => t.id === row.id)?.purpose).toBe(row.purpose);
});

test('an amount too long to send exactly waits; one the service refuses says so after its column (#30)', async () => {
  h = await setUpImport([
    line(0, 'Kasse', { amount: '99999999999999999999' }),
    line(1, 'Kasse', { amount: 1e15 }),
    line(2, 'Kasse', { amount: '1234567890123,45' }),
    line(3, 'Kasse', { amount: -999999999999.99 }),
  ]);
  h.takePosts();
  await h.send({ language: 'de' });
  const rows = h.sheet.rows ?? [];
  // Sent as typed or not at all: 99999999999999999999 went out as 100000000000000000000.00 before.
  expect(rows[0]?.status).toBe('Nicht gesendet: Amount: „99999999999999999999“ hat mehr als 13 Stellen vor dem Komma.');
  expect(rows[1]?.status).toBe('Nicht gesendet: Amount: „1000000000000000“ hat mehr als 13 Stellen vor dem Komma.');
  // 13 digits before the point go; the sandbox keeps 14 digits in all (a limit the spec does not state) and says so.
  expect(rows[2]?.status).toMatch(/^Vom Dienst abgelehnt: Amount: /);
  expect(rows[3]?.status).toBe('Importiert');
  expect((await h.created('Kasse')).map((t) => t.amount)).toEqual([-999999999999.99]);
});
