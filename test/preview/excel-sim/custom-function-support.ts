/** Shared by the custom function and spill tests: a workbook with a sheet `Data`, writes and reads through Excel.run. */

import {
  createSimulatedWorkbook,
  type CellValue,
  type SimulatedWorkbook,
  type SimulatedWorkbookOptions,
} from '../../../src/preview/excel-sim';

export function workbook(options: SimulatedWorkbookOptions = {}): SimulatedWorkbook {
  return createSimulatedWorkbook({ sheets: ['Data'], currentYear: 2026, ...options });
}

/** Writes `formulas` (formulas or values, as typed) into `address` of Data. */
export async function write(wb: SimulatedWorkbook, address: string, formulas: unknown[][]): Promise<void> {
  await wb.run(async (context) => {
    context.workbook.worksheets.getItem('Data').getRange(address).formulas = formulas;
    await context.sync();
  });
}

/** A property of `address` of Data, loaded through Excel.run. */
export async function read(
  wb: SimulatedWorkbook,
  address: string,
  property: 'values' | 'text' | 'valueTypes' | 'formulas' = 'values',
): Promise<CellValue[][]> {
  return wb.run(async (context) => {
    const range = context.workbook.worksheets.getItem('Data').getRange(address);
    range.load(property);
    await context.sync();
    return range[property] as CellValue[][];
  });
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(reason: unknown): void;
}

export function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => undefined;
  let reject: (reason: unknown) => void = () => undefined;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
