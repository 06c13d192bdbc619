import { createSimulatedWorkbook, installExcelSimulation, type CustomFunctionImplementation } from '../../../src/preview/excel-sim';
import { deferred, read, workbook, write } from './custom-function-support';

/** A promise of `value` after `ms` (a result that lands later, not in the batch that started the call). */
function later<T>(value: T, ms = 5): Promise<T> {
  return new Promise((resolve) => setTimeout(() => resolve(value), ms));
}

describe('registration and lookup', () => {
  test('associate(id, fn) and associate(mappings): a formula calls NAMESPACE.NAME, both case-insensitive', async () => {
    const wb = workbook();
    wb.customFunctions.associate('double', (x: number) => x * 2);
    wb.customFunctions.associate({ Greeting: () => 'hello' });
    await write(wb, 'A1:A3', [['=CASHFLOW.DOUBLE(21)'], ['=cashflow.Double(2)'], ['=Cashflow.greeting()']]);
    expect(await read(wb, 'A1:A3')).toEqual([[42], [4], ['hello']]);
    expect(wb.customFunctionsNamespace).toBe('CASHFLOW');
  });

  test('an unknown function of the namespace, or one of another namespace, is #NAME?', async () => {
    const wb = workbook();
    wb.customFunctions.associate('ONE', () => 1);
    await write(wb, 'A1:A3', [['=CASHFLOW.NOPE()'], ['=OTHER.ONE()'], ['=ONE()']]);
    expect(await read(wb, 'A1:A3')).toEqual([['#NAME?'], ['#NAME?'], ['#NAME?']]);
  });

  test('the namespace is per workbook (option customFunctions.namespace)', async () => {
    const acme = workbook({ customFunctions: { namespace: 'acme' } });
    const other = workbook();
    acme.customFunctions.associate('ONE', () => 1);
    await write(acme, 'A1:A2', [['=ACME.ONE()'], ['=CASHFLOW.ONE()']]);
    await write(other, 'A1', [['=ACME.ONE()']]);
    expect(await read(acme, 'A1:A2')).toEqual([[1], ['#NAME?']]);
    expect(await read(other, 'A1')).toEqual([['#NAME?']]);
    expect(() => workbook({ customFunctions: { namespace: 'no space' } })).toThrow(RangeError);
  });

  test('as office.js: a repeated id replaces the function with a warning, invalid arguments are warned about and ignored', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const wb = workbook();
    const associate = wb.customFunctions.associate as (...args: unknown[]) => void;
    associate('F', () => 'first');
    associate('f', () => 'second');
    associate('G', 'not a function');
    associate(42, () => 1);
    associate('H');
    await write(wb, 'A1:A2', [['=CASHFLOW.F()'], ['=CASHFLOW.G()']]);
    expect(await read(wb, 'A1:A2')).toEqual([['second'], ['#NAME?']]);
    expect(warn.mock.calls.map((call) => call[0])).toEqual([
      '[DuplicatedName] Function=f',
      '[InvalidArg] Function=associate',
      '[InvalidArg] Function=associate',
      '[InvalidArg] Function=associate',
    ]);
    warn.mockRestore();
  });

  test('a function associated again (new code: the pane reloaded) is called again', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const wb = workbook();
    const old = jest.fn(() => 'old');
    wb.customFunctions.associate('F', old);
    await write(wb, 'A1:A2', [['=CASHFLOW.F()'], ['=CASHFLOW.G()']]);
    const g = jest.fn(() => 'g');
    wb.customFunctions.associate('G', g);
    await wb.customFunctionsSettled();
    wb.customFunctions.associate('F', () => 'new');
    await wb.customFunctionsSettled();
    expect(wb.values('Data', 'A1:A2')).toEqual([['new'], ['g']]);
    expect([old.mock.calls.length, g.mock.calls.length]).toEqual([1, 1]); // G, not replaced, is not called again
    warn.mockRestore();
  });

  test("installExcelSimulation installs the workbook's CustomFunctions as a global (and uninstall removes it)", async () => {
    const target: { CustomFunctions?: { associate(id: string, fn: CustomFunctionImplementation): void } } = {};
    const { workbook: wb, globals, uninstall } = installExcelSimulation(target, createSimulatedWorkbook({ sheets: ['Data'] }));
    expect(target.CustomFunctions).toBe(wb.customFunctions);
    expect(globals.CustomFunctions).toBe(wb.customFunctions);
    target.CustomFunctions?.associate('VERSION', () => '0.1.0'); // what functions.js does
    await write(wb, 'A1', [['=CASHFLOW.VERSION()']]);
    expect(await read(wb, 'A1')).toEqual([['0.1.0']]);
    uninstall();
    expect('CustomFunctions' in target).toBe(false);
  });

  test('a formula written before its function is associated calls it once associated (the functions bundle ran later)', async () => {
    const wb = workbook();
    await write(wb, 'A1', [['=CASHFLOW.LATE(1)']]);
    expect(await read(wb, 'A1')).toEqual([['#NAME?']]);
    const late = jest.fn((x: number) => x + 1);
    const changed = jest.fn();
    wb.onChange(changed);
    wb.customFunctions.associate('LATE', late);
    await wb.customFunctionsSettled();
    expect(late).toHaveBeenCalledTimes(1); // called by the calculation after the association, not by a read
    expect(changed).toHaveBeenCalled();
    expect(await read(wb, 'A1')).toEqual([[2]]);
  });

  test('with metadata, a described function not yet associated is #BUSY!; the formula uses the metadata name', async () => {
    const metadata = { functions: [{ id: 'ACTUALS_ID', name: 'ACTUALS', parameters: [] }] };
    const wb = workbook({ customFunctions: { metadata } });
    await write(wb, 'A1:A2', [['=CASHFLOW.ACTUALS()'], ['=CASHFLOW.OTHER()']]);
    expect(await read(wb, 'A1:A2')).toEqual([['#BUSY!'], ['#NAME?']]);
    wb.customFunctions.associate('actuals_id', () => 7);
    await wb.customFunctionsSettled();
    expect(await read(wb, 'A1')).toEqual([[7]]);
    expect(() => wb.describeCustomFunctions({ functions: [{ name: 'X' }] })).toThrow(TypeError);
  });
});

describe('arguments', () => {
  test('numbers, text, booleans as they are; an empty cell or an omitted argument is null; a date is its serial', async () => {
    const wb = workbook();
    const args = jest.fn((..._values: unknown[]) => 'ok');
    wb.customFunctions.associate('ARGS', args);
    await write(wb, 'A1:A4', [[12.5], ['3/4/2026'], [true], ['text']]);
    await write(wb, 'B1', [['=CASHFLOW.ARGS(A1, A2, A3, A4, A5, , "lit", 7, FALSE)']]);
    expect(await read(wb, 'B1')).toEqual([['ok']]);
    expect(args).toHaveBeenCalledTimes(1);
    expect(args.mock.calls[0]).toEqual([12.5, 46085, true, 'text', null, null, 'lit', 7, false, { functionName: 'ARGS' }]);
  });

  test('a reference to several cells is passed as rows; without metadata the arguments are padded to fn.length', async () => {
    const wb = workbook();
    const rows = jest.fn((..._values: unknown[]) => 1);
    const three = jest.fn((_a: unknown, _b: unknown, _c: unknown) => 1);
    wb.customFunctions.associate({ ROWS_OF: rows, THREE: three });
    await write(wb, 'A1:B2', [
      [1, 'x'],
      ['', true],
    ]);
    await write(wb, 'C1:C2', [['=CASHFLOW.ROWS_OF(A1:B2)'], ['=CASHFLOW.THREE(1)']]);
    await wb.customFunctionsSettled();
    expect(rows.mock.calls[0]).toEqual([
      [
        [1, 'x'],
        [null, true],
      ],
      { functionName: 'ROWS_OF' },
    ]);
    expect(three.mock.calls[0]).toEqual([1, null, null, { functionName: 'THREE' }]);
  });

  test('an argument that is an error gives that error without calling the function', async () => {
    const wb = workbook();
    const fn = jest.fn(() => 1);
    wb.customFunctions.associate('F', fn);
    await write(wb, 'A1:A2', [['=1/0'], ['#N/A']]);
    await write(wb, 'B1:B3', [['=CASHFLOW.F(A1)'], ['=CASHFLOW.F(A1:A2)'], ['=CASHFLOW.F(NA())']]);
    expect(await read(wb, 'B1:B3')).toEqual([['#DIV/0!'], ['#DIV/0!'], ['#N/A']]);
    expect(fn).not.toHaveBeenCalled();
  });

  test('with metadata: one value per parameter (omitted optional ones null), types converted, counts checked, address', async () => {
    const metadata = {
      functions: [
        {
          id: 'ACTUALS',
          name: 'ACTUALS',
          parameters: [
            { name: 'category', type: 'string' },
            { name: 'from', type: 'string' },
            { name: 'to', type: 'string', optional: true },
          ],
          options: { requiresAddress: true },
        },
        { id: 'HALF', name: 'HALF', parameters: [{ name: 'n', type: 'number' }] },
        { id: 'GRID', name: 'GRID', parameters: [{ name: 'values', type: 'any', dimensionality: 'matrix' }] },
      ],
    };
    const wb = workbook({ customFunctions: { metadata } });
    const actuals = jest.fn((..._values: unknown[]) => 100);
    const half = jest.fn((n: number) => n / 2);
    const grid = jest.fn((..._values: unknown[]) => 0);
    wb.customFunctions.associate({ ACTUALS: actuals, HALF: half, GRID: grid });
    await write(wb, 'A1', [['1/1/2026']]);
    await write(wb, 'B2:B8', [
      ['=CASHFLOW.ACTUALS("Rent", A1)'],
      ['=CASHFLOW.ACTUALS("Rent")'],
      ['=CASHFLOW.ACTUALS("Rent", "a", "b", "c")'],
      ['=CASHFLOW.HALF("12")'],
      ['=CASHFLOW.HALF("twelve")'],
      ['=CASHFLOW.GRID(5)'],
      ['=CASHFLOW.HALF(TRUE)'],
    ]);
    expect(await read(wb, 'B2:B8')).toEqual([[100], ['#NAME?'], ['#NAME?'], [6], ['#VALUE!'], [0], [0.5]]);
    expect(actuals.mock.calls).toEqual([['Rent', '46023', null, { functionName: 'ACTUALS', address: 'Data!B2' }]]);
    expect(half.mock.calls.map((call) => call[0])).toEqual([12, 1]);
    expect(grid.mock.calls[0]?.[0]).toEqual([[5]]);
  });
});

describe('async results', () => {
  test('#BUSY! while the promise is pending, then the value; the change listeners are told when it lands', async () => {
    const wb = workbook();
    const answer = deferred<number>();
    wb.customFunctions.associate('SLOW', () => answer.promise);
    await write(wb, 'A1:A2', [['=CASHFLOW.SLOW()'], ['=A1*2']]);
    expect(await read(wb, 'A1:A2')).toEqual([['#BUSY!'], ['#BUSY!']]);
    const changed = jest.fn();
    wb.onChange(changed);
    answer.resolve(21);
    await wb.customFunctionsSettled();
    expect(changed).toHaveBeenCalledTimes(1);
    expect(await read(wb, 'A1:A2')).toEqual([[21], [42]]);
    expect(wb.cell('Data', 0, 0).result).toEqual({ kind: 'Double', value: 21 });
  });

  test('customFunctionsSettled waits for every pending call, including calls that start when others land', async () => {
    const wb = workbook();
    wb.customFunctions.associate({ BASE: () => later(10, 20), PLUS: (x: number) => later(x + 1, 5) });
    await write(wb, 'A1:A2', [['=CASHFLOW.BASE()'], ['=CASHFLOW.PLUS(A1)']]);
    await wb.customFunctionsSettled();
    expect(wb.values('Data', 'A1:A2')).toEqual([[10], [11]]);
    await expect(wb.customFunctionsSettled()).resolves.toBeUndefined(); // nothing pending: at once
  });

  test('a function that returns a value (no promise) is done at once', async () => {
    const wb = workbook();
    wb.customFunctions.associate('NOW_', () => 'done');
    await write(wb, 'A1', [['=CASHFLOW.NOW_()']]);
    expect(await read(wb, 'A1')).toEqual([['done']]);
  });
});

describe('errors', () => {
  test('a CustomFunctions.Error shows its code, and its message for #VALUE! and #N/A only', async () => {
    const wb = workbook();
    const { Error: CustomError, ErrorCode } = wb.customFunctions;
    wb.customFunctions.associate({
      NODATA: () => Promise.reject(new CustomError(ErrorCode.notAvailable, 'No actuals for Rent')),
      BAD: () => {
        throw new CustomError(ErrorCode.invalidValue, 'Unknown category');
      },
      DIV: () => Promise.reject(new CustomError(ErrorCode.divisionByZero, 'not shown')),
      RETURNED: () => new CustomError(ErrorCode.invalidNumber),
      NAMEOUT: () => Promise.reject(new CustomError(ErrorCode.invalidName, 'not shown')),
      PLAIN: () => new CustomError(),
    });
    await write(wb, 'A1:A6', [
      ['=CASHFLOW.NODATA()'],
      ['=CASHFLOW.BAD()'],
      ['=CASHFLOW.DIV()'],
      ['=CASHFLOW.RETURNED()'],
      ['=CASHFLOW.NAMEOUT()'],
      ['=CASHFLOW.PLAIN()'],
    ]);
    await wb.customFunctionsSettled();
    expect(await read(wb, 'A1:A6')).toEqual([['#N/A'], ['#VALUE!'], ['#DIV/0!'], ['#NUM!'], ['#VALUE!'], ['#VALUE!']]);
    expect([0, 1, 2, 3, 4, 5].map((row) => wb.cellErrorMessage('Data', row, 0))).toEqual([
      'No actuals for Rent',
      'Unknown category',
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    const error = new CustomError(ErrorCode.notAvailable, 'm');
    expect(error).toBeInstanceOf(Error);
    expect([error.code, error.message, new CustomError().code]).toEqual(['#N/A', 'm', '#VALUE!']);
    expect(Object.values(ErrorCode)).toEqual(['#VALUE!', '#N/A', '#DIV/0!', '#NUM!', '#NULL!', '#NAME?', '#REF!']);
  });

  test('anything else thrown or rejected with is #VALUE! without a message; odd results are errors too', async () => {
    const wb = workbook();
    wb.customFunctions.associate({
      THROWS: () => {
        throw new Error('boom');
      },
      REJECTS: () => Promise.reject(new TypeError('network')),
      REJECTS_TEXT: () => Promise.reject('text'),
      NAN: () => NaN,
      INFINITE: async () => Infinity,
      OBJECT: () => ({ a: 1 }),
      FLAT: () => [1, 2],
      NOTHING: () => null,
    });
    const names = ['THROWS', 'REJECTS', 'REJECTS_TEXT', 'NAN', 'INFINITE', 'OBJECT', 'FLAT', 'NOTHING'];
    await write(
      wb,
      'A1:A8',
      names.map((name) => [`=CASHFLOW.${name}()`]),
    );
    await wb.customFunctionsSettled();
    expect(await read(wb, 'A1:A8')).toEqual([['#VALUE!'], ['#VALUE!'], ['#VALUE!'], ['#VALUE!'], ['#NUM!'], ['#VALUE!'], ['#VALUE!'], [0]]);
    expect(names.map((_, row) => wb.cellErrorMessage('Data', row, 0))).toEqual(names.map(() => undefined));
  });
});

describe('calls kept per cell and call', () => {
  test('reading a cell again does not call again; another cell with the same call is its own call', async () => {
    const wb = workbook();
    const fn = jest.fn(async (x: number) => x * 10);
    wb.customFunctions.associate('TEN', fn);
    await write(wb, 'A1:A2', [['=CASHFLOW.TEN(1)'], ['=A1+1']]);
    await wb.customFunctionsSettled();
    for (let i = 0; i < 3; i += 1) expect(await read(wb, 'A1:A2')).toEqual([[10], [11]]);
    wb.cell('Data', 0, 0);
    wb.values('Data');
    expect(fn).toHaveBeenCalledTimes(1);
    await write(wb, 'B1', [['=CASHFLOW.TEN(1)']]);
    await wb.customFunctionsSettled();
    expect(fn).toHaveBeenCalledTimes(2);
  });

  test('changed inputs start a new call (after the batch, without a read); going back calls again too', async () => {
    const wb = workbook();
    const fn = jest.fn((x: number) => later(x * 10));
    wb.customFunctions.associate('TEN', fn);
    await write(wb, 'A1:B1', [[1, '=CASHFLOW.TEN(A1)']]);
    await wb.customFunctionsSettled();
    await write(wb, 'A1', [[2]]);
    expect(fn.mock.calls.map((call) => call[0])).toEqual([1, 2]);
    expect(wb.values('Data', 'B1')).toEqual([['#BUSY!']]);
    await wb.customFunctionsSettled();
    expect(wb.values('Data', 'B1')).toEqual([[20]]);
    await write(wb, 'A1', [[1]]);
    await wb.customFunctionsSettled();
    expect(fn.mock.calls.map((call) => call[0])).toEqual([1, 2, 1]);
    expect(wb.values('Data', 'B1')).toEqual([[10]]);
  });

  test("a result landing after the cell's inputs changed is dropped", async () => {
    const wb = workbook();
    const answers = [deferred<string>(), deferred<string>()];
    let call = 0;
    wb.customFunctions.associate('ECHO', () => answers[call++]?.promise);
    await write(wb, 'A1:B1', [['old', '=CASHFLOW.ECHO(A1)']]);
    await write(wb, 'A1', [['new']]);
    answers[0]?.resolve('old result');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(wb.values('Data', 'B1')).toEqual([['#BUSY!']]);
    answers[1]?.resolve('new result');
    await wb.customFunctionsSettled();
    expect(wb.values('Data', 'B1')).toEqual([['new result']]);
  });
});

describe('recalculation', () => {
  async function counted(volatile = false): Promise<{ wb: ReturnType<typeof workbook>; fn: jest.Mock }> {
    const metadata = { functions: [{ id: 'F', name: 'F', parameters: [], options: { volatile } }] };
    const wb = workbook({ customFunctions: { metadata } });
    const fn = jest.fn(() => later('v'));
    wb.customFunctions.associate('F', fn);
    await write(wb, 'A1', [['=CASHFLOW.F()']]);
    await wb.customFunctionsSettled();
    return { wb, fn };
  }

  async function calculate(wb: ReturnType<typeof workbook>, type: 'Recalculate' | 'Full' | 'FullRebuild'): Promise<void> {
    await wb.run(async (context) => {
      context.workbook.application.calculate(type);
      await context.sync();
    });
  }

  test("application.calculate('Full') and 'FullRebuild' call the function again; #BUSY! until the new result lands", async () => {
    const { wb, fn } = await counted();
    await calculate(wb, 'Full');
    expect(fn).toHaveBeenCalledTimes(2);
    expect(wb.values('Data', 'A1')).toEqual([['#BUSY!']]);
    await wb.customFunctionsSettled();
    expect(wb.values('Data', 'A1')).toEqual([['v']]);
    await calculate(wb, 'FullRebuild');
    expect(fn).toHaveBeenCalledTimes(3);
  });

  test("'Recalculate' calls volatile functions again only", async () => {
    const plain = await counted(false);
    await calculate(plain.wb, 'Recalculate');
    await plain.wb.customFunctionsSettled();
    plain.wb.values('Data', 'A1');
    expect(plain.fn).toHaveBeenCalledTimes(1);
    const volatile = await counted(true);
    await calculate(volatile.wb, 'Recalculate');
    expect(volatile.fn).toHaveBeenCalledTimes(2);
  });

  test('recalculateCustomFunctions() calls every function again and tells the listeners', async () => {
    const { wb, fn } = await counted();
    const changed = jest.fn();
    wb.onChange(changed);
    wb.recalculateCustomFunctions();
    expect(fn).toHaveBeenCalledTimes(2);
    expect(changed).toHaveBeenCalledTimes(1);
  });

  test('a restored workbook calls its functions again (results are not saved)', async () => {
    const { wb, fn } = await counted();
    const saved = wb.snapshot();
    expect(JSON.stringify(saved)).not.toContain('"v"');
    const copy = workbook();
    const again = jest.fn(async () => 'again');
    copy.customFunctions.associate('F', again);
    copy.restore(saved);
    expect(again).toHaveBeenCalledTimes(1); // the restore's calculation, before anything reads the cell
    await copy.customFunctionsSettled();
    expect(copy.values('Data', 'A1')).toEqual([['again']]);
    wb.restore(saved);
    expect(fn).toHaveBeenCalledTimes(2);
  });
});

describe('streaming and cancelable functions (functions.json options)', () => {
  type Streaming = CustomFunctions.StreamingInvocation<unknown>;

  test('a streaming function gives its results through invocation.setResult: #BUSY! until the first, then each one', async () => {
    const metadata = { functions: [{ id: 'TICKS', name: 'TICKS', parameters: [], options: { stream: true } }] };
    const wb = workbook({ customFunctions: { metadata } });
    let invocation: Streaming | undefined;
    wb.customFunctions.associate('TICKS', (call: Streaming) => {
      invocation = call;
      return 'ignored';
    });
    await write(wb, 'A1', [['=CASHFLOW.TICKS()']]);
    expect(wb.values('Data', 'A1')).toEqual([['#BUSY!']]);
    setTimeout(() => invocation?.setResult(1), 5);
    await wb.customFunctionsSettled();
    expect(wb.values('Data', 'A1')).toEqual([[1]]);
    const changed = jest.fn();
    wb.onChange(changed);
    invocation?.setResult(new wb.customFunctions.Error(wb.customFunctions.ErrorCode.notAvailable, 'offline'));
    await wb.customFunctionsSettled();
    expect(changed).toHaveBeenCalledTimes(1);
    expect(wb.values('Data', 'A1')).toEqual([['#N/A']]);
    expect(wb.cellErrorMessage('Data', 0, 0)).toBe('offline');
  });

  test('a dropped call of a cancelable function is canceled (onCanceled): other arguments, recalculation; later results ignored', async () => {
    const metadata = { functions: [{ id: 'FETCH', name: 'FETCH', parameters: [{ name: 'x' }], options: { cancelable: true } }] };
    const wb = workbook({ customFunctions: { metadata } });
    const canceled: unknown[] = [];
    const answers: Array<(value: string) => void> = [];
    wb.customFunctions.associate('FETCH', (x: unknown, call: CustomFunctions.CancelableInvocation) => {
      call.onCanceled = () => canceled.push(x);
      return new Promise<string>((resolve) => answers.push(resolve));
    });
    await write(wb, 'A1:B1', [[1, '=CASHFLOW.FETCH(A1)']]);
    await write(wb, 'A1', [[2]]);
    expect(canceled).toEqual([1]);
    await wb.run(async (context) => {
      context.workbook.application.calculate('Full');
      await context.sync();
    });
    expect(canceled).toEqual([1, 2]);
    answers[1]?.('late, canceled');
    answers[2]?.('current');
    await wb.customFunctionsSettled();
    expect(wb.values('Data', 'B1')).toEqual([['current']]);
  });
});
