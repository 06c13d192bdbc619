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

  it.each(['2024-01-05T24:00:00Z', '2024-01-05T10:60Z', '2024-02-30T10:00Z', 'yesterday', '2024-01-05'])(
    'rejects the timestamp %p',
    (text) => {
      expect(() => timestampToSerial(text)).toThrow(RangeError);
    },
  );
});
