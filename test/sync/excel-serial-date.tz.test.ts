/**
 * Dates do not depend on the time zone: the same assertions (pure conversions and the Excel host on the
 * simulation) run in child jest processes in UTC+14 (Pacific/Kiritimati) and UTC-10/-9 (America/Adak).
 */

import { spawnSync } from 'child_process';
import * as path from 'path';

const root = path.resolve(__dirname, '../..');
const jestBin = require.resolve('jest/bin/jest', { paths: [root] });

function runIn(zone: string, offsets: [number, number]): string {
  const args = [jestBin, '--ci', '--runInBand', '--testMatch', '**/excel-serial-date.tz-check.ts', '--', 'test/sync/excel-serial-date.tz-check.ts'];
  const env = { ...process.env, TZ: zone, EXPECTED_OFFSETS: offsets.join(',') };
  const run = spawnSync(process.execPath, args, { cwd: root, env, encoding: 'utf8' });
  const output = `${run.stderr}${run.stdout}`;
  if (run.status !== 0) throw new Error(`jest in ${zone} failed:\n${output}`);
  return output;
}

describe('Excel serial dates in far-apart time zones', () => {
  it.each([
    ['Pacific/Kiritimati', [-840, -840]],
    ['America/Adak', [600, 540]],
  ] as const)('passes in %s', (zone, offsets) => {
    expect(runIn(zone, [...offsets])).toMatch(/Tests:\s+\d+ passed, \d+ total/);
  }, 120_000);
});
