/**
 * Date assertions shared by the default run and the two time-zone runs (UTC+14 and UTC-10/-9): every one of
 * them builds `Date` objects, so a conversion that slipped into local time would fail in at least one zone.
 */

import { fromCellValue, toCellValue } from '../../src/sync/cell-values';
import { dateToSerial, serialToDate, serialToTimestamp, timestampToSerial } from '../../src/sync/excel-serial-date';

export function serialDateCases(): void {
  it.each([
    ['1900-03-01', 61],
    ['1970-01-01', 25569],
    ['2000-02-29', 36585],
    ['2024-01-01', 45292],
    ['2024-03-10', 45361], // US daylight saving starts
    ['2024-03-31', 45382], // EU daylight saving starts
    ['2024-12-31', 45657],
    ['9999-12-31', 2958465],
  ])('%s is serial %d and back', (date, serial) => {
    expect(dateToSerial(date)).toBe(serial);
    expect(serialToDate(serial)).toBe(date);
    expect(toCellValue({ key: 'd', type: 'date' }, date)).toBe(serial);
    expect(fromCellValue({ key: 'd', type: 'date' }, serial)).toBe(date);
  });

  it('round-trips every 37th day from 1900-03-01 to 9999-12-31', () => {
    for (let serial = 61; serial <= 2958465; serial += 37) {
      expect(dateToSerial(serialToDate(serial))).toBe(serial);
    }
  });

  it.each([
    ['2024-01-05T00:00:00Z', 45296],
    ['2024-01-05T12:00:00Z', 45296.5],
    ['2024-01-05T06:00:00.000Z', 45296.25],
    ['2024-01-05T01:00:00+02:00', 45295 + 23 / 24],
    ['2024-01-04T23:00:00-01:00', 45296],
    ['2024-01-05T18:00:00', 45296.75], // no zone: UTC, as the service sends
  ])('timestamp %s is serial %d', (timestamp, serial) => {
    expect(timestampToSerial(timestamp)).toBeCloseTo(serial, 9);
  });

  it('turns serials with a fraction back into UTC timestamps', () => {
    expect(serialToTimestamp(45296.5)).toBe('2024-01-05T12:00:00.000Z');
    expect(serialToTimestamp(timestampToSerial('2024-03-10T02:30:15.250Z'))).toBe('2024-03-10T02:30:15.250Z');
    expect(serialToDate(45296.99)).toBe('2024-01-05');
  });
}
