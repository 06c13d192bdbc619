/**
 * Not collected by the normal run (`*.test.ts`): `excel-serial-date.tz.test.ts` runs this file in a child jest
 * with `TZ` set, because jest's sandboxed `process.env` does not reach Node's time-zone setting.
 */

import { serialDateCases } from './serial-date-cases';
import { hostDateCases } from './host-date-cases';

const zone = process.env.TZ ?? '';
const offsets = (process.env.EXPECTED_OFFSETS ?? '').split(',').map(Number);

describe(`Excel serial dates in ${zone}`, () => {
  it('runs in the requested zone', () => {
    expect([new Date(2024, 0, 1).getTimezoneOffset(), new Date(2024, 6, 1).getTimezoneOffset()]).toEqual(offsets);
  });
  serialDateCases();
  hostDateCases();
});
