/** The README's quick start names what `npm start` prints: the preview's URL with its scheme, the servers' ports and their variables. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startBanner } from '../../scripts/start-banner';
import { PORT_VARIABLES, portsFromEnvironment } from '../../scripts/start-ports';
import { DEFAULT_PROXY_PORT } from '../../src/proxy';

const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
const quickStart = readme.slice(readme.indexOf('## Quick start'), readme.indexOf('\n## ', readme.indexOf('## Quick start') + 1));
const ports = portsFromEnvironment({}, DEFAULT_PROXY_PORT);
const credential = { clientId: 'id', clientSecret: 'secret' };

function banner(https: boolean, manifest = 'manifest.xml'): string {
  return startBanner({
    addin: `${https ? 'https' : 'http'}://localhost:${ports.dev}`,
    sandboxUrl: `http://127.0.0.1:${ports.sandbox}`,
    defaultSandbox: true,
    credentials: { company: credential, group: credential, basic: credential },
    proxyUrl: `http://127.0.0.1:${ports.proxy}`,
    manifest,
    https,
    buildFailed: false,
  });
}

function printed(https: boolean): string {
  return (
    banner(https)
      .split('\n')
      .find((line) => line.includes('See it without Excel')) ?? ''
  );
}

test('the banner says to sideload the manifest of the port it serves on (a copy naming another port)', () => {
  expect(banner(true)).toContain('Upload my add-in, choose manifest.xml.');
  const copy = '/repo/.cache/manifest-localhost-3001.xml';
  const other = banner(true, copy);
  expect(other).toContain(`Upload my add-in, choose ${copy}.`);
  expect(other).toContain(`npx office-addin-debugging start ${copy} desktop`);
  expect(other).not.toMatch(/\bmanifest\.xml\b(?!-)/);
  expect(quickStart).toContain('.cache/manifest-localhost-3001.xml');
});

test('the quick start shows the preview line as npm start prints it with a certificate (https)', () => {
  expect(quickStart).toContain(printed(true));
});

test('the quick start says when the scheme is http instead', () => {
  expect(quickStart).toMatch(/`http` otherwise/);
  expect(printed(false)).toContain(`http://localhost:${ports.dev}/preview.html`);
});

test('the quick start lists each server at its default port with the variable that changes it', () => {
  expect(quickStart).toMatch(new RegExp(`https://localhost:${ports.dev}\` \\| \`${PORT_VARIABLES.dev}\``));
  expect(quickStart).toMatch(new RegExp(`http://127\\.0\\.0\\.1:${ports.sandbox}\` \\| \`${PORT_VARIABLES.sandbox}\``));
  expect(quickStart).toMatch(new RegExp(`http://127\\.0\\.0\\.1:${ports.proxy}\` \\| \`${PORT_VARIABLES.proxy}\``));
});
