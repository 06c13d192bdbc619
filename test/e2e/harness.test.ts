/**
 * The harness itself, where a browser is not needed to see it work: one build for concurrent callers, the static
 * server's answers, the sandbox's CORS for the served origin and the two ways a test changes the sandbox.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildAddin, serveStatic, sourceKey, startE2eSandbox, type E2eSandbox, type StaticServer } from './support';

describe('build', () => {
  test('concurrent callers share one build of the current sources', async () => {
    const [a, b] = await Promise.all([buildAddin(), buildAddin()]);
    expect(a.dir).toBe(b.dir);
    expect([a.built, b.built].filter(Boolean).length).toBeLessThanOrEqual(1);
    expect(path.basename(a.dir)).toBe(sourceKey());
    const again = await buildAddin();
    expect(again).toMatchObject({ dir: a.dir, built: false });
  });
});

describe('static server', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'cashflow-serve-'));
  let server: StaticServer;
  beforeAll(async () => {
    mkdirSync(path.join(root, 'office-js'));
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>x</title>');
    writeFileSync(path.join(root, 'office-js', 'office.js'), 'void 0;');
    writeFileSync(path.join(root, 'functions.json'), '{}');
    server = await serveStatic(root);
  });
  afterAll(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  test('serves files on 127.0.0.1 with their content type and no caching', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    for (const [file, type] of [
      ['/', 'text/html; charset=utf-8'],
      ['/office-js/office.js', 'text/javascript; charset=utf-8'],
      ['/functions.json', 'application/json; charset=utf-8'],
    ] as const) {
      const answer = await fetch(`${server.url}${file}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe(type);
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
  });

  test('answers 404 for what is missing and never serves outside its folder', async () => {
    expect((await fetch(`${server.url}/missing.js`)).status).toBe(404);
    expect((await fetch(`${server.url}/%2e%2e/%2e%2e/etc/passwd`)).status).not.toBe(200);
    expect((await fetch(`${server.url}/`, { method: 'POST' })).status).toBe(405);
  });
});

describe('sandbox', () => {
  const origin = 'http://127.0.0.1:1';
  let sandbox: E2eSandbox;
  beforeAll(async () => {
    sandbox = await startE2eSandbox({ origins: [origin], transactions: 200 });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  test('allows the served origin by CORS and no other', async () => {
    const preflight = (from: string) =>
      fetch(`${sandbox.url}/transactions/`, { method: 'OPTIONS', headers: { origin: from, 'access-control-request-method': 'GET' } });
    expect((await preflight(origin)).headers.get('access-control-allow-origin')).toBe(origin);
    expect((await preflight('http://127.0.0.1:2')).headers.get('access-control-allow-origin')).toBeNull();
  });

  test('changes data the way another user would', async () => {
    const before = await sandbox.transactionCount();
    const added = await sandbox.addTransaction({ amount: '-12.34', purpose: 'Stifte' });
    expect(added).toMatchObject({ amount: -12.34, purpose: 'Stifte' });
    expect(await sandbox.transactionCount()).toBe(before + 1);
    const moved = await sandbox.changeSomeTransaction();
    expect(moved.to).not.toBe(moved.from);
  });

  test('slows every answer down until told to stop', async () => {
    await sandbox.transactionCount(); // token fetched before timing
    sandbox.slowResponses(300);
    let t0 = performance.now();
    await sandbox.transactionCount();
    expect(performance.now() - t0).toBeGreaterThanOrEqual(290);
    sandbox.normalResponses();
    t0 = performance.now();
    await sandbox.transactionCount();
    expect(performance.now() - t0).toBeLessThan(290);
  });
});
