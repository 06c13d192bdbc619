/**
 * `npm run validate [-- FILE] [--origin ORIGIN]`: the local structural check first (it fails the command on any
 * problem), then Microsoft's validation service through office-addin-manifest. Where that service cannot be reached
 * (no internet, as on CI), the local check stands alone and the command says so.
 *
 * FILE defaults to manifest.xml (the dev server's, on https://localhost:3000); `dist/manifest.xml` checks a build, for
 * any origin (`npm run build -- --env origin=…`). Every URL must be on one origin, the manifest's own (that of its
 * SourceLocation) unless `--origin` names it, and name a file the build serves: the files of the folder holding the
 * manifest when that is a build (dist/), else what `npm run build` emits.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseDeployOrigin } from '../src/deploy/deploy-origin';
import { manifestOrigin } from '../src/deploy/manifest-origin';
import { checkManifest } from './manifest/check-manifest';
import { servedPaths } from './manifest/served-paths';

const root = resolve(__dirname, '..');
const { values, positionals } = parseArgs({ options: { origin: { type: 'string' } }, allowPositionals: true });
const file = resolve(positionals[0] ?? 'manifest.xml');
const xml = readFileSync(file, 'utf8');
const origin = values.origin === undefined ? manifestOrigin(xml) : parseDeployOrigin(values.origin, '--origin');
if (origin === undefined) {
  console.error(`${file}: no DefaultSettings/SourceLocation with a URL to take the origin from; give --origin.`);
  process.exit(1);
}
const problems = checkManifest(xml, { origin, servedPaths: servedPaths(root, dirname(file)) });
if (problems.length > 0) {
  console.error(`${file}: ${problems.length} problem(s) (origin ${origin})`);
  for (const p of problems) console.error(`  - ${p}`);
  process.exit(1);
}
console.log(`${file}: local structural check passed (every URL on ${origin}, each a file the build serves)`);

const online = spawnSync(process.execPath, [require.resolve('office-addin-manifest/cli.js'), 'validate', file], {
  encoding: 'utf8',
  timeout: 60_000,
});
const output = `${online.stdout ?? ''}${online.stderr ?? ''}`;
if (/Unable to contact|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT/.test(output) || online.error) {
  console.log('Office validation service not reachable: the local check above is the validation.');
} else if (online.status !== 0) {
  console.error(output.trim());
  process.exit(1);
} else {
  console.log(output.trim());
}
