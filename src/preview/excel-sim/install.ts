/**
 * Installs the simulation as the globals office.js provides, so product code written against
 * `Excel.run(async (context) => ...)` runs unchanged (the preview page, and tests of the Excel layer).
 *
 *   const { workbook, uninstall } = installExcelSimulation(globalThis);
 *   await Excel.run(async (context) => { ... });   // product code
 *   workbook.values('Sheet1');                      // inspect
 */

import { SimClientResult } from './batch/client-object';
import {
  CalculationMode,
  CalculationType,
  ClearApplyTo,
  DeleteShiftDirection,
  ErrorCodes,
  InsertShiftDirection,
  OfficeExtensionErrorCodes,
  RangeValueType,
  SheetVisibility,
} from './proxies/enums';
import { SimError } from './batch/errors';
import { SimRequestContext } from './proxies/request-context';
import { createSimulatedWorkbook, type SimulatedWorkbook } from './simulated-workbook';

export interface ExcelSimulationGlobals {
  Excel: {
    run: SimulatedWorkbook['run'];
    RequestContext: new () => SimRequestContext;
    SheetVisibility: typeof SheetVisibility;
    CalculationMode: typeof CalculationMode;
    CalculationType: typeof CalculationType;
    RangeValueType: typeof RangeValueType;
    ClearApplyTo: typeof ClearApplyTo;
    DeleteShiftDirection: typeof DeleteShiftDirection;
    InsertShiftDirection: typeof InsertShiftDirection;
    ErrorCodes: typeof ErrorCodes;
  };
  OfficeExtension: {
    Error: typeof SimError;
    ErrorCodes: typeof OfficeExtensionErrorCodes;
    ClientResult: typeof SimClientResult;
  };
}

export interface Installation {
  workbook: SimulatedWorkbook;
  globals: ExcelSimulationGlobals;
  /** Restores whatever `Excel` / `OfficeExtension` were before. */
  uninstall(): void;
}

export function createExcelGlobals(workbook: SimulatedWorkbook): ExcelSimulationGlobals {
  return {
    Excel: {
      run: workbook.run.bind(workbook) as SimulatedWorkbook['run'],
      RequestContext: class extends SimRequestContext {
        constructor() {
          super(workbook.engine);
        }
      },
      SheetVisibility,
      CalculationMode,
      CalculationType,
      RangeValueType,
      ClearApplyTo,
      DeleteShiftDirection,
      InsertShiftDirection,
      ErrorCodes,
    },
    OfficeExtension: { Error: SimError, ErrorCodes: OfficeExtensionErrorCodes, ClientResult: SimClientResult },
  };
}

export function installExcelSimulation(target: object, workbook: SimulatedWorkbook = createSimulatedWorkbook()): Installation {
  const slots = target as { Excel?: unknown; OfficeExtension?: unknown };
  const previous = { Excel: slots.Excel, OfficeExtension: slots.OfficeExtension };
  const hadExcel = 'Excel' in target;
  const hadOfficeExtension = 'OfficeExtension' in target;
  const globals = createExcelGlobals(workbook);
  slots.Excel = globals.Excel;
  slots.OfficeExtension = globals.OfficeExtension;
  return {
    workbook,
    globals,
    uninstall(): void {
      if (hadExcel) slots.Excel = previous.Excel;
      else delete slots.Excel;
      if (hadOfficeExtension) slots.OfficeExtension = previous.OfficeExtension;
      else delete slots.OfficeExtension;
    },
  };
}
