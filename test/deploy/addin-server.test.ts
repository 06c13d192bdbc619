/**
 * The deployment's one server (`npm run serve`) on a small build folder made here (the real build is served in
 * origin-build.test.ts): HTTPS with a self-signed pair, the files with their types, caching and headers, the proxy
 * under /service/ in front of a sandbox without CORS, and the refusals.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startAddinServer, type RunningAddinServer } from '../../src/deploy/addin-server';
import { LONG_CACHE } from '../../src/deploy/built-files';
import { parseCliArgs, renderOptionsMarkdown } from '../../src/deploy/cli-options';
import { readBlock } from '../../scripts/readme-block';
import { manifestForOrigin } from '../../src/deploy/manifest-for-origin';
import { startSandbox } from '../../src/sandbox';
import { httpsRequest, selfSignedPair, type KeyPair } from './support';

const ORIGIN = 'https://addin.example.com';
const manifest = readFileSync(resolve(__dirname, '../../manifest.xml'), 'utf8');

/** A folder shaped like a build for `origin`: the page, the entries, a hashed chunk, functions.json, an icon, the manifest. */
function fakeBuild(origin: string): string {
  const dist = mkdtempSync(join(tmpdir(), 'cashflow-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'taskpane.html'), '<!doctype html><html><head><title>pane</title></head><body></body></html>');
  writeFileSync(join(dist, 'taskpane.js'), 'console.log("pane")');
  writeFileSync(join(dist, 'pane-ui.0123456789ab.js'), 'console.log("chunk")');
  writeFileSync(join(dist, 'functions.json'), '{"functions":[]}');
  writeFileSync(join(dist, 'assets', 'icon-32.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(join(dist, 'manifest.xml'), manifestForOrigin(manifest, origin));
  return dist;
}

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

describe('npm run serve: the add-in and its proxy from one HTTPS server', () => {
  let pair: KeyPair;
  let sandbox: Sandbox;
  let server: RunningAddinServer;
  let log: string[];
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    httpsRequest(server.url, path, pair.cert, { method, headers });

  beforeAll(async () => {
    pair = selfSignedPair();
    sandbox = await startSandbox({ port: 0, cors: false, transactions: 20 });
    log = [];
    server = await startAddinServer({
      dist: fakeBuild(ORIGIN),
      origin: ORIGIN,
      service: sandbox.url,
      cert: pair.cert,
      key: pair.key,
      port: 0,
      host: '127.0.0.1',
      log: (line) => log.push(line),
    });
  });
  afterAll(async () => {
    await server?.close();
    await sandbox?.close();
  });

  test('serves the pages over HTTPS with the headers an add-in host needs, and no X-Frame-Options', async () => {
    const page = await get('/taskpane.html?_host_Info=Excel$Web$16.01$en-US$$$$0');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['strict-transport-security']).toMatch(/^max-age=\d{8}/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-frame-options']).toBeUndefined();
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toMatch(/frame-ancestors 'self' [^;]*https:\/\/\*\.officeapps\.live\.com/);
    expect(policy).toMatch(/frame-ancestors [^;]*https:\/\/\*\.cloud\.microsoft/);
    expect(policy).toContain(`connect-src 'self' ${sandbox.url}`);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("object-src 'none'");
  });

  test('the manifest and functions.json are read again each time, a hashed chunk kept for a year', async () => {
    const xml = await get('/manifest.xml');
    expect(xml.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(xml.headers['cache-control']).toBe('no-cache');
    expect(xml.text).toContain(`${ORIGIN}/taskpane.html`);
    const metadata = await get('/functions.json');
    expect(metadata.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(metadata.headers['cache-control']).toBe('no-cache');
    expect(metadata.headers['access-control-allow-origin']).toBe('*'); // Excel on the web reads it from its own origin
    const chunk = await get('/pane-ui.0123456789ab.js');
    expect(chunk.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(chunk.headers['cache-control']).toBe(LONG_CACHE);
    expect((await get('/taskpane.js')).headers['cache-control']).toBe('no-cache'); // the page names it: no hash
    expect((await get('/assets/icon-32.png')).headers['content-type']).toBe('image/png');
    const again = await get('/manifest.xml', { 'if-none-match': String(xml.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  test('serves nothing but the build: other paths 404, traversal and foreign hosts refused', async () => {
    expect((await get('/')).status).toBe(404);
    expect((await get('/../package.json')).status).toBe(404);
    expect((await get('/%2e%2e/manifest.xml')).status).toBe(404);
    expect((await get('//evil.example/x')).status).toBe(400);
    expect((await get('/taskpane.html', {}, 'POST')).status).toBe(404);
    expect((await get('/taskpane.html', { host: 'evil.example' })).status).toBe(421);
    expect((await get('/taskpane.html', { host: 'addin.example.com' })).status).toBe(200); // the origin's own name
  });

  test('the proxy under /service/ reaches the service: a token, a list, as the pane calls them from its own origin', async () => {
    const token = await httpsRequest(server.url, '/service/auth/token/', pair.cert, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: 'demo-company', client_secret: 'demo-secret' }),
    });
    expect(token.status).toBe(200);
    expect(token.headers['strict-transport-security']).toBeDefined();
    const { access_token: accessToken } = JSON.parse(token.text) as { access_token: string };
    const banks = await get('/service/banks/', { authorization: `Bearer ${accessToken}` });
    expect(banks.status).toBe(200);
    expect(JSON.parse(banks.text)).toHaveProperty('results');
    // A redirect within the service comes back under /service/ (the sandbox's 301 for a missing slash).
    const redirected = await get('/service/banks', { authorization: `Bearer ${accessToken}` });
    expect(redirected.status).toBe(301);
    expect(redirected.headers.location).toBe('/service/banks/');
    expect(log.join('\n')).not.toContain('demo-secret');
    expect(log.join('\n')).not.toContain(accessToken);
  });

  test('the proxy refuses other targets, tunnels and other browser origins', async () => {
    expect((await get('/service//evil.example/x')).status).toBe(400);
    expect((await get('/service/%2F%2Fevil.example/x')).status).toBe(400);
    expect((await get('/service/banks/', { origin: 'https://evil.example' })).status).toBe(403);
    const preflight = await get('/service/banks/', { origin: 'https://evil.example', 'access-control-request-method': 'GET' }, 'OPTIONS');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('npm run serve refuses to start', () => {
  const pair = selfSignedPair();
  const start = (dist: string, origin = ORIGIN) =>
    startAddinServer({
      dist,
      origin,
      service: 'https://api.example.com',
      cert: pair.cert,
      key: pair.key,
      port: 0,
      host: '127.0.0.1',
      log: () => undefined,
    });

  test('without a build', async () => {
    await expect(start(mkdtempSync(join(tmpdir(), 'cashflow-empty-')))).rejects.toThrow(
      /holds no build of the add-in .*run `npm run build -- --env origin=https:\/\/addin\.example\.com` first/,
    );
  });

  test('with a build for another origin (the default one included), saying which', async () => {
    await expect(start(fakeBuild('https://other.example.com'))).rejects.toThrow(
      /is a build for https:\/\/other\.example\.com, not for https:\/\/addin\.example\.com/,
    );
    const local = fakeBuild(ORIGIN);
    writeFileSync(join(local, 'manifest.xml'), manifest);
    await expect(start(local)).rejects.toThrow(
      /is a build for https:\/\/localhost:3000, not for https:\/\/addin\.example\.com: .*npm run build -- --env origin=/,
    );
  });

  test('with bad options: each named, with the usage', () => {
    const refused = parseCliArgs(['--origin', 'http://addin.example.com/x', '--service', 'ftp://api', '--cert', 'c.pem']);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.exitCode).toBe(2);
    expect(refused.message).toMatch(/--origin: "http:\/\/addin\.example\.com\/x" is not https/);
    expect(refused.message).toMatch(/--service: "ftp:\/\/api"/);
    expect(refused.message).toMatch(/Option --key is required/);
    expect(refused.message).toMatch(/Usage: npm run serve/);
  });

  test("good options: the port is the origin's unless given", () => {
    const base = ['--origin', 'https://addin.example.com', '--service', 'https://api.example.com', '--cert', 'c.pem', '--key', 'k.pem'];
    expect(parseCliArgs(base)).toEqual({
      ok: true,
      options: {
        origin: ORIGIN,
        service: 'https://api.example.com',
        certFile: 'c.pem',
        keyFile: 'k.pem',
        port: 443,
        host: '0.0.0.0',
        dist: 'dist',
        frameAncestors: [],
      },
    });
    const withPort = parseCliArgs([
      '--origin',
      'https://addin.example.com:8443',
      ...base.slice(2),
      '--frame-ancestor',
      'https://office.example.cn',
    ]);
    expect(withPort.ok && withPort.options).toMatchObject({
      origin: 'https://addin.example.com:8443',
      port: 8443,
      frameAncestors: ['https://office.example.cn'],
    });
  });

  test('the README lists the options as the table defines them (npm run docs:options)', () => {
    expect(readBlock(readFileSync(resolve(__dirname, '../../src/deploy/README.md'), 'utf8'), 'serve-options')).toBe(
      renderOptionsMarkdown(),
    );
  });
});
