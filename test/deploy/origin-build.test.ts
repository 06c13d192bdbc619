/**
 * The build an IT admin ships (`npm run build -- --env origin=https://addin.example.com`), made once per change of the
 * sources and cached like the browser tests' build (test/e2e/support/build.ts): every file holds no localhost, the
 * manifest validates for that origin and keeps manifest.xml's Id, and the deployment's server serves it.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { openXlsxDocument } from '../../src/hosts/xlsx/open-xlsx-document';
import { scanPackage } from '../../src/hosts/xlsx/package-secret-scan';
import { TEMPLATE_FILES } from '../../src/template/template-files';
import { join, relative, resolve } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { startAddinServer } from '../../src/deploy/addin-server';
import { manifestOrigin } from '../../src/deploy/manifest-origin';
import { checkManifest } from '../../scripts/manifest/check-manifest';
import { servedPaths } from '../../scripts/manifest/served-paths';
import { buildAddin } from '../e2e/support/build';
import { httpsRequest, selfSignedPair } from './support';

const ORIGIN = 'https://addin.example.com';
const root = resolve(__dirname, '../..');

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}

/**
 * The two places `localhost` may stand in a deployment's files, neither an address the add-in calls: Office.js's own
 * name for the document it runs in (`http://document.localhost/_api/`, Microsoft's files under office-js/), and the
 * client's rule that allows http for an address on this computer only (`"localhost"===url.hostname`, minified).
 */
const NOT_AN_ADDRESS = [/(?:https?:)?\/\/document\.localhost\b/gi, /"localhost"===\w+\.hostname|\w+\.hostname==="localhost"/g];

function idOf(xml: string): string {
  const doc = new XMLParser({ removeNSPrefix: true, parseTagValue: false }).parse(xml) as { OfficeApp: { Id: string } };
  return doc.OfficeApp.Id;
}

describe('a build for https://addin.example.com', () => {
  let dist = '';
  beforeAll(async () => {
    dist = (await buildAddin({ origin: ORIGIN })).dir;
  }, 600_000);

  test("no file of it names localhost, text or bundle (Office.js's document name and the loopback rule aside)", () => {
    const files = listFiles(dist);
    expect(files.length).toBeGreaterThan(20);
    const found: string[] = [];
    for (const file of files) {
      let text = readFileSync(file).toString('latin1');
      for (const allowed of NOT_AN_ADDRESS) text = text.replace(allowed, '');
      for (const m of text.matchAll(/.{0,40}(?:localhost|127\.0\.0\.1).{0,40}/gi)) found.push(`${relative(dist, file)}: ${m[0]}`);
    }
    expect(found).toEqual([]);
  });

  test("its planning templates name the manifest's add-in, and no part of them names localhost", async () => {
    const id = idOf(readFileSync(join(dist, 'manifest.xml'), 'utf8'));
    for (const name of Object.values(TEMPLATE_FILES)) {
      const bytes = readFileSync(join(dist, name));
      const { addIn } = await openXlsxDocument(bytes);
      expect([name, addIn?.reference.id]).toEqual([name, id]);
      const scan = await scanPackage(bytes, ['localhost', '127.0.0.1']);
      expect([name, scan.findings]).toEqual([name, []]);
    }
  });

  test("its manifest passes the local check for that origin, names it everywhere and keeps manifest.xml's Id", () => {
    const xml = readFileSync(join(dist, 'manifest.xml'), 'utf8');
    expect(manifestOrigin(xml)).toBe(ORIGIN);
    expect(checkManifest(xml, { origin: ORIGIN, servedPaths: servedPaths(root, dist) })).toEqual([]);
    expect(idOf(xml)).toBe(idOf(readFileSync(join(root, 'manifest.xml'), 'utf8')));
    const urls = [...xml.matchAll(/https?:\/\/[^"<\s]+/g)]
      .map((m) => m[0])
      .filter((u) => !u.startsWith('http://schemas.') && !u.startsWith('http://www.w3.org'));
    expect(urls.length).toBeGreaterThan(10);
    expect(urls.filter((u) => !u.startsWith(`${ORIGIN}/`) && u !== ORIGIN)).toEqual([]);
    // functions.json names no URL, so it has none left on another origin.
    expect(readFileSync(join(dist, 'functions.json'), 'utf8')).not.toMatch(/https?:\/\//);
  });

  test("npm run validate takes the manifest's own origin, and fails on another", () => {
    const validate = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/validate-manifest.ts'), ...args], {
        cwd: root,
        encoding: 'utf8',
        timeout: 120_000,
      });
    const other = validate(join(dist, 'manifest.xml'), '--origin', 'https://other.example.com');
    expect(other.status).toBe(1);
    expect(other.stderr).toMatch(/https:\/\/addin\.example\.com\/taskpane\.html is not on https:\/\/other\.example\.com/);
  });

  test("the pane names the deployment's proxy, and the chunks carry their content hash", () => {
    expect(readFileSync(join(dist, 'taskpane.js'), 'utf8')).toContain(`${ORIGIN}/service/`);
    const chunks = listFiles(dist)
      .map((f) => relative(dist, f))
      .filter((f) => /^[^/]+\.js$/.test(f) && !['taskpane.js', 'functions.js'].includes(f));
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.filter((f) => !/\.[0-9a-f]{12}\.js$/.test(f))).toEqual([]);
  });

  test('npm run serve serves it: the page, the manifest, a bundle, with their types and caching', async () => {
    const pair = selfSignedPair();
    const server = await startAddinServer({
      dist,
      origin: ORIGIN,
      service: 'https://api.example.com',
      cert: pair.cert,
      key: pair.key,
      port: 0,
      host: '127.0.0.1',
      log: () => undefined,
    });
    try {
      const page = await httpsRequest(server.url, '/taskpane.html', pair.cert);
      expect(page.status).toBe(200);
      expect(page.headers['content-security-policy']).toMatch(/frame-ancestors 'self' https:/);
      const scripts = [...page.text.matchAll(/<script[^>]*src="?([^"\s>]+)/g)].map((m) => m[1] ?? '');
      expect(scripts).toEqual(expect.arrayContaining(['office-js/office.js', 'taskpane.js', 'functions.js']));
      for (const script of scripts) {
        const answer = await httpsRequest(server.url, `/${script}`, pair.cert);
        expect([script, answer.status, answer.headers['content-type']]).toEqual([script, 200, 'text/javascript; charset=utf-8']);
      }
      const xml = await httpsRequest(server.url, '/manifest.xml', pair.cert);
      expect(xml.text).toBe(readFileSync(join(dist, 'manifest.xml'), 'utf8'));
      const chunk = readdirSync(dist).find((f) => /\.[0-9a-f]{12}\.js$/.test(f)) ?? '';
      expect((await httpsRequest(server.url, `/${chunk}`, pair.cert)).headers['cache-control']).toMatch(/max-age=31536000, immutable/);
    } finally {
      await server.close();
    }
  });
});
