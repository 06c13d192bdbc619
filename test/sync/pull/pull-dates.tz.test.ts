/**
 * A pull gives the same date cells in time zones far apart: the pull runs in child jest processes in UTC+14
 * (Pacific/Kiritimati) and UTC-10/-9 (America/Adak), each checks its cells against the API's dates, and the
 * two runs' date cells must be identical.
 */

import { spawnSync } from 'child_process';
import { mkdtempSync, readFileSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';

const root = path.resolve(__dirname, '../..');
const jestBin = require.resolve('jest/bin/jest', { paths: [root] });
const dir = mkdtempSync(path.join(tmpdir(), 'pull-dates-'));

function runIn(zone: string, offsets: readonly number[]): string {
  const out = path.join(dir, `${zone.replace('/', '_')}.json`);
  const args = [jestBin, '--ci', '--runInBand', '--testMatch', '**/pull-dates.tz-check.ts', '--', 'test/sync/pull/pull-dates.tz-check.ts'];
  const env = { ...process.env, TZ: zone, EXPECTED_OFFSETS: offsets.join(','), PULL_DATES_OUT: out };
  const run = spawnSync(process.execPath, args, { cwd: root, env, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`jest in ${zone} failed:\n${run.stderr}${run.stdout}`);
  return readFileSync(out, 'utf8');
}

describe('pulled dates in far-apart time zones', () => {
  it('are the same cells in Pacific/Kiritimati and America/Adak', () => {
    const east = runIn('Pacific/Kiritimati', [-840, -840]);
    const west = runIn('America/Adak', [600, 540]);
    expect(JSON.parse(east)).toEqual(JSON.parse(west));
    expect(Object.values(JSON.parse(east) as Record<string, unknown[]>).every((rows) => rows.length > 0)).toBe(true);
  }, 180_000);
});
