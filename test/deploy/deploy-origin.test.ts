/** The origin of a build or a server: https, nothing after the host (zod), and what the build makes of it. */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Configuration } from 'webpack';
import { deployedServiceUrl, deployOriginProblem, parseDeployOrigin } from '../../src/deploy/deploy-origin';
import { DEV_ORIGIN, ManifestOriginError, manifestForDevPort, manifestForOrigin } from '../../src/deploy/manifest-for-origin';
import { manifestOrigin } from '../../src/deploy/manifest-origin';

const root = resolve(__dirname, '../..');
const manifest = readFileSync(join(root, 'manifest.xml'), 'utf8');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const makeConfig = require(join(root, 'webpack.config.js')) as (env: Record<string, unknown>, argv: { mode: string }) => Configuration;

describe('a deploy origin', () => {
  test.each([
    ['https://addin.example.com', 'https://addin.example.com'],
    ['https://addin.example.com/', 'https://addin.example.com'],
    ['https://Addin.Example.com:443', 'https://addin.example.com'],
    ['https://addin.example.com:8443', 'https://addin.example.com:8443'],
  ])('%s is the origin %s', (text, origin) => {
    expect(deployOriginProblem(text)).toBeUndefined();
    expect(parseDeployOrigin(text)).toBe(origin);
  });

  test.each([
    ['http://addin.example.com', /not https/],
    ['https://addin.example.com/taskpane', /has a path, query, fragment/],
    ['https://addin.example.com?x=1', /has a path, query, fragment/],
    ['https://addin.example.com#', /has a path, query, fragment/],
    ['https://addin.example.com/ ', /has a path, query, fragment/],
    ['https://addin.example.com junk', /is not a URL/],
    ['addin.example.com', /is not a URL/],
    ['https://admin:pw@addin.example.com', /credentials/],
  ])('%s is refused, saying why and what to give', (text, why) => {
    expect(deployOriginProblem(text)).toMatch(why);
    expect(() => parseDeployOrigin(text)).toThrow(/^Invalid origin: .*give the add-in's origin, such as https:\/\/addin\.example\.com/);
  });

  test('the build refuses a malformed origin before building anything', () => {
    expect(() => makeConfig({ origin: 'http://addin.example.com' }, { mode: 'production' })).toThrow(
      /Invalid origin: "http:\/\/addin\.example\.com" is not https/,
    );
    expect(() => makeConfig({ origin: 'https://addin.example.com/x' }, { mode: 'production' })).toThrow(/has a path/);
    expect(() => makeConfig({ origin: true }, { mode: 'production' })).toThrow(/--env origin=https:/);
  });

  test('a build for an origin names the proxy under /service/ of that origin; the default build is as before', () => {
    const define = (config: Configuration) =>
      (config.plugins ?? [])
        .map((p) => (p as { definitions?: Record<string, string> }).definitions)
        .find((d) => d?.__PROXY_URL__ !== undefined);
    const deployed = makeConfig({ origin: 'https://addin.example.com' }, { mode: 'production' });
    expect(define(deployed)?.__PROXY_URL__).toBe(JSON.stringify(deployedServiceUrl('https://addin.example.com')));
    expect(deployedServiceUrl('https://addin.example.com')).toBe('https://addin.example.com/service/');
    expect(deployed.output?.chunkFilename).toMatch(/\[contenthash/);
    const plain = makeConfig({}, { mode: 'production' });
    expect(define(plain)?.__PROXY_URL__).toBe(JSON.stringify('http://localhost:8788/'));
    expect(plain.output?.chunkFilename).toBeUndefined();
  });
});

describe('the manifest for npm start on another port', () => {
  test('names that localhost port in every URL; the default port keeps manifest.xml as it is', () => {
    const moved = manifestForDevPort(manifest, 3001);
    expect(moved).not.toContain(DEV_ORIGIN);
    expect(moved).toContain('<SourceLocation DefaultValue="https://localhost:3001/taskpane.html" />');
    expect(manifestOrigin(moved)).toBe('https://localhost:3001');
    expect(moved.split('https://localhost:3001').join(DEV_ORIGIN)).toBe(manifest);
    expect(manifestForDevPort(manifest, 3000)).toBe(manifest);
  });
});

describe('the manifest for an origin', () => {
  const moved = manifestForOrigin(manifest, 'https://addin.example.com');

  test('names the origin in every URL and AppDomain, and localhost nowhere', () => {
    expect(moved).not.toMatch(/localhost/i);
    expect(moved).toContain('<AppDomain>https://addin.example.com</AppDomain>');
    expect(moved).toContain('<SourceLocation DefaultValue="https://addin.example.com/taskpane.html" />');
    expect(moved).toContain('<bt:Url id="Functions.Metadata.Url" DefaultValue="https://addin.example.com/functions.json" />');
    expect(manifestOrigin(moved)).toBe('https://addin.example.com');
    expect(manifestOrigin(manifest)).toBe(DEV_ORIGIN);
  });

  test('keeps the Id, the version and everything else', () => {
    expect(moved.split('https://addin.example.com').join(DEV_ORIGIN)).toBe(manifest);
  });

  test('refuses a manifest that would still name localhost', () => {
    const stray = manifest.replace('https://localhost:3000/assets/icon-16.png', 'http://localhost:8080/icon.png');
    expect(() => manifestForOrigin(stray, 'https://addin.example.com')).toThrow(ManifestOriginError);
    expect(() => manifestForOrigin(stray, 'https://addin.example.com')).toThrow(/still names http:\/\/localhost:8080\/icon\.png/);
  });
});
