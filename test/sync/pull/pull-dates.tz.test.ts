/**
 * A pull gives the same date cells in time zones far apart: the pull runs in child jest processes in UTC+14
 * (Pacific/Kiritimati) and UTC-10/-9 (America/Adak), side by side; each checks its cells against the API's dates,
 * and the two runs' date cells must be identical.
 */

import { mkdtempSync, readFileSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import { FAR_APART_ZONES, runJestInZone } from '../../support/jest-in-zone';

const CHECK = 'test/sync/pull/pull-dates.tz-check.ts';
const dir = mkdtempSync(path.join(tmpdir(), 'pull-dates-'));

describe('pulled dates in far-apart time zones', () => {
  it('are the same cells in Pacific/Kiritimati and America/Adak', async () => {
    const cells = await Promise.all(
      FAR_APART_ZONES.map(async (run) => {
        const out = path.join(dir, `${run.zone.replace('/', '_')}.json`);
        await runJestInZone(CHECK, { ...run, env: { PULL_DATES_OUT: out } });
        return JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown[]>;
      }),
    );
    const [east, west] = cells;
    expect(east).toEqual(west);
    expect(Object.values(east ?? {}).every((rows) => rows.length > 0)).toBe(true);
    expect(Object.keys(east ?? {}).length).toBeGreaterThan(0);
  }, 180_000);
});
