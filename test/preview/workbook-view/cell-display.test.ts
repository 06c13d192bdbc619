import { createSimulatedWorkbook } from '../../../src/preview/excel-sim';
import { cellDisplay, excelLocale } from '../../../src/preview/workbook-view/cell-display';
import { cellText } from '../../../src/preview/workbook-view/cell-text';

describe('cells as Excel shows them', () => {
  test('dates, amounts, text, errors and booleans', () => {
    expect(cellDisplay({ kind: 'Double', value: 45322 }, 'yyyy-mm-dd')).toEqual({ text: '2024-01-31', align: 'right' });
    expect(cellDisplay({ kind: 'Double', value: 45322 }, 'm/d/yyyy').text).toBe('1/31/2024');
    expect(cellDisplay({ kind: 'Double', value: 1234567.5 }, '#,##0.00').text).toBe('1,234,567.50');
    expect(cellDisplay({ kind: 'Double', value: -20 }, '#,##0.00').text).toBe('-20.00');
    expect(cellDisplay({ kind: 'Double', value: -20 }, '#,##0.00;(#,##0.00)').text).toBe('(20.00)');
    expect(cellDisplay({ kind: 'Double', value: 0.1 + 0.2 }, 'General').text).toBe('0.3');
    expect(cellDisplay({ kind: 'Double', value: -1 }, 'yyyy-mm-dd').text).toBe('######');
    expect(cellDisplay({ kind: 'String', value: 'Rent' }, 'General')).toEqual({ text: 'Rent', align: 'left' });
    expect(cellDisplay({ kind: 'Error', value: '#N/A' }, 'General')).toEqual({ text: '#N/A', align: 'center' });
    expect(cellDisplay({ kind: 'Boolean', value: false }, 'General')).toEqual({ text: 'FALSE', align: 'center' });
    expect(cellDisplay({ kind: 'Empty' }, '#,##0.00').text).toBe('');
    expect(cellDisplay({ kind: 'Double', value: -3 }, '[Red]0.00').color).toEqual(expect.any(String));
  });

  test('a hostile formula written into a text-formatted cell shows as that text; elsewhere as what it computes', async () => {
    const wb = createSimulatedWorkbook({ sheets: ['Data'] });
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Data');
      sheet.getRange('A1').numberFormat = [['@']];
      sheet.getRange('A1:B1').values = [['=HYPERLINK("http://x","y")', '=HYPERLINK("http://x","y")']];
      sheet.getRange('A2:D2').numberFormat = [['yyyy-mm-dd', '#,##0.00', 'General', 'General']];
      sheet.getRange('A2:D2').values = [[45322, 1234.5, '#N/A', true]];
      await context.sync();
    });
    expect(cellText(wb, 'Data', 0, 0)).toBe('=HYPERLINK("http://x","y")');
    expect(cellText(wb, 'Data', 0, 1)).toBe('#NAME?'); // HYPERLINK is not modelled: Excel would show y
    expect([0, 1, 2, 3].map((c) => cellText(wb, 'Data', 1, c))).toEqual(['2024-01-31', '1,234.50', '#N/A', 'TRUE']);
    expect(cellText(wb, 'Data', 5, 5)).toBe('');
    expect(cellText(wb, 'Nope', 0, 0)).toBe('');
  });

  test('the grid agrees with Range.text where the simulation formats the same way', async () => {
    const wb = createSimulatedWorkbook({ sheets: ['Data'] });
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Data');
      sheet.getRange('A1:E1').numberFormat = [['m/d/yyyy', '#,##0.00', '0%', '@', 'General']];
      sheet.getRange('A1:E1').values = [[45322, -1234.5, 0.25, '00123', 12.5]];
      await context.sync();
    });
    const text = wb.text('Data', 'A1:E1')[0] ?? [];
    expect([0, 1, 2, 3, 4].map((c) => cellText(wb, 'Data', 0, c))).toEqual(text);
  });
});

describe('amounts in their currency, as Excel shows them in the user’s locale (#26)', () => {
  test('English and German Excel', () => {
    const amount = { kind: 'Double', value: 1234.5 } as const;
    expect(cellDisplay(amount, '#,##0.00 [$EUR]').text).toBe('1,234.50 EUR');
    expect(cellDisplay(amount, '#,##0.00 [$EUR]', excelLocale('en')).text).toBe('1,234.50 EUR');
    expect(cellDisplay(amount, '#,##0.00 [$EUR]', excelLocale('de'))).toEqual({ text: '1.234,50 EUR', align: 'right' });
    expect(cellDisplay({ kind: 'Double', value: -20 }, '#,##0.00 [$CHF]', excelLocale('de')).text).toBe('-20,00 CHF');
    expect(cellDisplay(amount, '#,##0.00', excelLocale('it')).text).toBe('1.234,50');
    // Dates keep their explicit format in every locale.
    expect(cellDisplay({ kind: 'Double', value: 45322 }, 'yyyy-mm-dd', excelLocale('de')).text).toBe('2024-01-31');
  });
});
