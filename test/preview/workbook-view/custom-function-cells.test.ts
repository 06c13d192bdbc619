import { createSimulatedWorkbook, type SimulatedWorkbook } from '../../../src/preview/excel-sim';
import { translate } from '../../../src/i18n/translate';
import type { MessageKey } from '../../../src/i18n/catalog';
import type { MessageParams } from '../../../src/i18n/translate';
import { loadFunctionsMetadata } from '../../../src/preview/functions-metadata';
import { cellErrorText } from '../../../src/preview/workbook-view/cell-error';
import { cellText } from '../../../src/preview/workbook-view/cell-text';

const de = (key: MessageKey, params?: MessageParams): string => translate('de', key, params);
const en = (key: MessageKey, params?: MessageParams): string => translate('en', key, params);

async function write(wb: SimulatedWorkbook, address: string, formulas: unknown[][]): Promise<void> {
  await wb.run(async (context) => {
    context.workbook.worksheets.getItem('Data').getRange(address).formulas = formulas;
    await context.sync();
  });
}

describe('custom function cells on the preview grid', () => {
  test('the grid draws spilled values (with the anchor format) once the result lands, and is told to redraw', async () => {
    const wb = createSimulatedWorkbook({ sheets: ['Data'] });
    wb.customFunctions.associate('AMOUNTS', () => new Promise((resolve) => setTimeout(() => resolve([[1234.5], [-20]]), 5)));
    await wb.customFunctionsSettled(); // the association's own notification
    await wb.run(async (context) => {
      const cell = context.workbook.worksheets.getItem('Data').getRange('B2');
      cell.numberFormat = [['#,##0.00']];
      cell.formulas = [['=CASHFLOW.AMOUNTS()']];
      await context.sync();
    });
    expect([cellText(wb, 'Data', 1, 1), cellText(wb, 'Data', 2, 1)]).toEqual(['#BUSY!', '']);
    const redraw = jest.fn();
    wb.onChange(redraw);
    await wb.customFunctionsSettled();
    expect(redraw).toHaveBeenCalledTimes(1);
    expect([cellText(wb, 'Data', 1, 1), cellText(wb, 'Data', 2, 1)]).toEqual(['1,234.50', '-20.00']);
  });

  test("the status bar text of a cell's error: a function's message as written, a spill problem in the page's language", async () => {
    const wb = createSimulatedWorkbook({ sheets: ['Data'] });
    const { Error: CustomError, ErrorCode } = wb.customFunctions;
    wb.customFunctions.associate({
      NODATA: () => Promise.reject(new CustomError(ErrorCode.notAvailable, 'Keine Ist-Werte für Miete')),
      PAIR: () => [[1], [2]],
    });
    await write(wb, 'A1:A3', [['=CASHFLOW.NODATA()'], ['=CASHFLOW.PAIR()'], ['x']]);
    await write(wb, 'B1', [['=1/0']]);
    await wb.customFunctionsSettled();
    expect(cellErrorText(wb, 'Data', 0, 0, de)).toBe('A1 #N/A: Keine Ist-Werte für Miete');
    expect(cellErrorText(wb, 'Data', 1, 0, de)).toBe('A2 #SPILL!: Überlaufbereich ist nicht leer');
    expect(cellErrorText(wb, 'Data', 1, 0, en)).toBe("A2 #SPILL!: Spill range isn't blank");
    expect(cellErrorText(wb, 'Data', 0, 1, en)).toBeUndefined(); // #DIV/0! says no more than its code
    expect(cellErrorText(wb, 'Data', 2, 0, en)).toBeUndefined();
    expect(cellErrorText(wb, 'Nowhere', 0, 0, en)).toBeUndefined();
  });

  test('functions.json next to the page gives the workbook the functions metadata; without it, a warning', async () => {
    const wb = createSimulatedWorkbook({ sheets: ['Data'] });
    const metadata = { functions: [{ id: 'PAD', name: 'PAD', parameters: [{ name: 'a' }, { name: 'b', optional: true }] }] };
    const realFetch = globalThis.fetch;
    const fetchMock = jest.fn(
      async (url: string | URL | Request) => new Response(JSON.stringify(metadata), { status: url === 'functions.json' ? 200 : 404 }),
    );
    globalThis.fetch = fetchMock as typeof fetch;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await loadFunctionsMetadata(wb);
      const pad = jest.fn((...args: unknown[]) => args.length);
      wb.customFunctions.associate('PAD', pad);
      await write(wb, 'A1', [['=CASHFLOW.PAD(1)']]);
      expect(pad.mock.calls[0]).toEqual([1, null, { functionName: 'PAD' }]);
      await loadFunctionsMetadata(createSimulatedWorkbook(), 'missing.json');
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('missing.json could not be read (HTTP 404)'));
    } finally {
      globalThis.fetch = realFetch;
      warn.mockRestore();
    }
  });
});
