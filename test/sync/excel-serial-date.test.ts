import { dateToSerial, serialToDate, timestampToSerial } from '../../src/sync/excel-serial-date';
import { serialDateCases } from './serial-date-cases';

describe('Excel serial dates', () => {
  serialDateCases();

  it.each([
    '2024-02-30',
    '2023-02-29',
    '2024-13-01',
    '2024-00-10',
    '2024-1-5',
    '24-01-05',
    '2024-01-05T00:00:00Z',
    '',
    ' 2024-01-05',
    '0099-01-01',
  ])('rejects %p', (text) => {
    expect(() => dateToSerial(text)).toThrow(RangeError);
  });

  it('rejects dates before 1900-03-01, where the 1900 leap-year bug would shift serials', () => {
    expect(() => dateToSerial('1900-02-28')).toThrow(/1900-03-01/);
    expect(() => dateToSerial('1899-12-31')).toThrow(RangeError);
    expect(() => serialToDate(60)).toThrow(RangeError);
    expect(() => serialToDate(Number.NaN)).toThrow(RangeError);
  });

  it('converts every day from 1900-03-01 to 2100-12-31 and the years around 9999 as the calendar does', () => {
    const utcSerial = (ms: number): number => (ms - Date.UTC(1899, 11, 30)) / 86_400_000;
    const days = (from: number, to: number): number[] =>
      Array.from({ length: (to - from) / 86_400_000 + 1 }, (_, i) => from + i * 86_400_000);
    const span = [...days(Date.UTC(1900, 2, 1), Date.UTC(2100, 11, 31)), ...days(Date.UTC(9996, 0, 1), Date.UTC(9999, 11, 31))];
    for (const ms of span) {
      const text = new Date(ms).toISOString().slice(0, 10);
      expect([text, dateToSerial(text)]).toEqual([text, utcSerial(ms)]);
    }
  });

  it.each([
    '1900-02-29',
    '2100-02-29',
    '2000-02-30',
    '2024-04-31',
    '2024-06-31',
    '2024-09-31',
    '2024-11-31',
    '2024-12-32',
    '2024-0a-05',
    '2024/01/05',
    '10000-01-01',
  ])('rejects %p (no such day)', (text) => {
    expect(() => dateToSerial(text)).toThrow(RangeError);
  });

  it.each(['2024-01-05T24:00:00Z', '2024-01-05T10:60Z', '2024-02-30T10:00Z', 'yesterday', '2024-01-05'])(
    'rejects the timestamp %p',
    (text) => {
      expect(() => timestampToSerial(text)).toThrow(RangeError);
    },
  );
});
