/**
 * `npm run validate`: the local structural check first (it fails the command on any problem), then
 * Microsoft's validation service through office-addin-manifest. Where that service cannot be reached
 * (no internet, as on CI), the local check stands alone and the command says so.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkManifest } from './manifest/check-manifest';
import { servedPaths } from './manifest/served-paths';

const root = resolve(__dirname, '..');
const file = resolve(process.argv[2] ?? 'manifest.xml');
const problems = checkManifest(readFileSync(file, 'utf8'), {
  origin: 'https://localhost:3000',
  servedPaths: servedPaths(root),
});
if (problems.length > 0) {
  console.error(`${file}: ${problems.length} problem(s)`);
  for (const p of problems) console.error(`  - ${p}`);
  process.exit(1);
}
console.log(`${file}: local structural check passed`);

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
