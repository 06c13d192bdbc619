/**
 * Dates do not depend on the time zone: the same assertions (pure conversions and the Excel host on the
 * simulation) run in child jest processes in UTC+14 (Pacific/Kiritimati) and UTC-10/-9 (America/Adak), side by side.
 */

import { FAR_APART_ZONES, runJestInZone } from '../support/jest-in-zone';

const CHECK = 'test/sync/excel-serial-date.tz-check.ts';

describe('Excel serial dates in far-apart time zones', () => {
  let runs: Map<string, Promise<string>>;
  beforeAll(() => {
    runs = new Map(FAR_APART_ZONES.map((run) => [run.zone, runJestInZone(CHECK, run)]));
    // Each test awaits its own zone; the other's failure must not go unhandled meanwhile.
    for (const run of runs.values()) run.catch(() => undefined);
  });

  it.each(FAR_APART_ZONES.map((run) => run.zone))(
    'passes in %s',
    async (zone) => {
      await expect(runs.get(zone)).resolves.toMatch(/Tests:\s+\d+ passed, \d+ total/);
    },
    120_000,
  );
});
