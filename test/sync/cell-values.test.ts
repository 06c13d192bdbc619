import { CellValueError, fromCellValue, numberFormatFor, roundToCents, toCellValue } from '../../src/sync/cell-values';
import type { ColumnType } from '../../src/sync/workbook-port';

const col = (type: ColumnType) => ({ key: 'field', type });

describe('core value → cell value', () => {
  it('writes null as an empty cell in every type', () => {
    for (const type of ['text', 'integer', 'amount', 'number', 'date', 'datetime', 'boolean'] as const)
      expect(toCellValue(col(type), null)).toBe('');
  });

  it('keeps text exactly', () => {
    for (const text of ['=1+1', "'=1+1", ' x ', '0012', 'line1\nline2', '💶']) expect(toCellValue(col('text'), text)).toBe(text);
    expect(toCellValue(col('text'), 12)).toBe('12');
  });

  it('rounds amounts to cents on the decimal digits, from numbers or decimal strings', () => {
    expect(toCellValue(col('amount'), 1.005)).toBe(1.01);
    expect(toCellValue(col('amount'), '1234.5')).toBe(1234.5);
    expect(toCellValue(col('amount'), '-0.125')).toBe(-0.13);
    expect(toCellValue(col('amount'), '-0.001')).toBe(0);
    expect(Object.is(toCellValue(col('amount'), -0), 0)).toBe(true); // never a negative zero in a cell
    expect(toCellValue(col('amount'), 2.675)).toBe(2.68);
    expect(roundToCents(1e21)).toBe(1e21);
    expect(() => toCellValue(col('amount'), '12,50')).toThrow(CellValueError);
    expect(() => toCellValue(col('amount'), true)).toThrow(CellValueError);
  });

  it('checks integers, numbers and booleans', () => {
    expect(toCellValue(col('integer'), 42)).toBe(42);
    expect(toCellValue(col('integer'), '42')).toBe(42);
    expect(() => toCellValue(col('integer'), 4.2)).toThrow(/not an integer/);
    expect(toCellValue(col('number'), 0.1)).toBe(0.1);
    expect(() => toCellValue(col('number'), 'abc')).toThrow(CellValueError);
    expect(toCellValue(col('boolean'), false)).toBe(false);
    expect(() => toCellValue(col('boolean'), 'true')).toThrow(CellValueError);
  });

  it('names the column when a date does not parse', () => {
    expect(() => toCellValue({ key: 'value_date', type: 'date' }, '2024-02-30')).toThrow(/value_date/);
    expect(() => toCellValue(col('datetime'), 5)).toThrow(CellValueError);
  });
});

describe('cell value → core value', () => {
  it('reads back every type', () => {
    expect(fromCellValue(col('text'), '')).toBeNull();
    expect(fromCellValue(col('text'), 12)).toBe('12');
    expect(fromCellValue(col('integer'), 7)).toBe(7);
    expect(fromCellValue(col('amount'), 10.005)).toBe(10.01);
    expect(fromCellValue(col('number'), '1.5')).toBe(1.5);
    expect(fromCellValue(col('boolean'), 'TRUE')).toBe(true);
    expect(fromCellValue(col('date'), 45292)).toBe('2024-01-01');
    expect(fromCellValue(col('date'), '2024-01-01')).toBe('2024-01-01');
    expect(fromCellValue(col('datetime'), 45292.5)).toBe('2024-01-01T12:00:00.000Z');
  });

  it('refuses cells that do not fit', () => {
    expect(() => fromCellValue(col('integer'), 'x')).toThrow(CellValueError);
    expect(() => fromCellValue(col('date'), '3/4/2024')).toThrow(CellValueError);
    expect(() => fromCellValue(col('boolean'), 1)).toThrow(CellValueError);
  });
});

describe('number formats', () => {
  it('has one per type, text always @', () => {
    expect(numberFormatFor({ type: 'date' })).toBe('yyyy-mm-dd');
    expect(numberFormatFor({ type: 'datetime' })).toBe('yyyy-mm-dd hh:mm:ss');
    expect(numberFormatFor({ type: 'amount' })).toBe('#,##0.00');
    expect(numberFormatFor({ type: 'integer' })).toBe('0');
    expect(numberFormatFor({ type: 'text', numberFormat: 'General' })).toBe('@');
    expect(numberFormatFor({ type: 'amount', numberFormat: '0.000' })).toBe('0.000');
  });
});
