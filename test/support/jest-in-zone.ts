/**
 * Runs one check file in a child jest process whose time zone is `zone` (a process reads TZ once, at start). The
 * zones of a test run side by side: each child spends most of its time starting jest, so two at once take the wall
 * time of one.
 */

import { spawn } from 'child_process';
import * as path from 'path';

const root = path.resolve(__dirname, '../..');
const jestBin = require.resolve('jest/bin/jest', { paths: [root] });

export interface ZoneRun {
  zone: string;
  /** The zone's UTC offsets (as `Date#getTimezoneOffset` gives them) in winter and summer; the check asserts them. */
  offsets: readonly number[];
  /** More environment for the check (where it writes what it found). */
  env?: Record<string, string>;
}

/** Jest's output of a passing run; rejects with it when the check failed. */
export function runJestInZone(checkFile: string, run: ZoneRun): Promise<string> {
  const args = [jestBin, '--ci', '--runInBand', '--testMatch', `**/${path.basename(checkFile)}`, '--', checkFile];
  const env = { ...process.env, TZ: run.zone, EXPECTED_OFFSETS: run.offsets.join(','), ...run.env };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (status) => (status === 0 ? resolve(output) : reject(new Error(`jest in ${run.zone} failed:\n${output}`))));
  });
}

/** The two zones every time-zone test uses: UTC+14 all year, and UTC-10/-9 with summer time. */
export const FAR_APART_ZONES: readonly ZoneRun[] = [
  { zone: 'Pacific/Kiritimati', offsets: [-840, -840] },
  { zone: 'America/Adak', offsets: [600, 540] },
];
