/** Cell values a user may type or paste into any column (#30): what the writers' row checks must sort out. */

import fc from 'fast-check';
import type { CoreValue } from '../../../src/sync/workbook-port';

export const hostileCell: fc.Arbitrary<CoreValue> = fc.oneof(
  fc.constantFrom<CoreValue>(null, '', ' ', '  padded  ', true, false),
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e16, max: 1e16 }),
  fc.constantFrom<CoreValue>(1e15, -1e13, 123_456_789_012.345, 9_999_999_999.99, 0.005, 1.005, -0.001, 45_658, 2.5),
  fc.constantFrom<CoreValue>(
    '=1+1',
    '+49 30 1234',
    '@SUM(A1)',
    '-',
    '12,50',
    '1.234,56',
    '1e3',
    'NaN',
    ' 42 ',
    '0x1F',
    'TRUE',
    '2025-01-31',
    '31.01.2025',
    '2025-02-30',
    '1999-12-31',
    'monthly',
    'weekly',
    'FS',
    'AP',
    'RE',
    'PD',
    'a/b',
    'x.y',
    'Unicode 😀',
    'x'.repeat(300),
  ),
  fc.string({ maxLength: 12 }),
);
