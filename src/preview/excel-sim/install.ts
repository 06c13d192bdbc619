/**
 * Installs the simulation as the globals office.js provides, so product code written against
 * `Excel.run(async (context) => ...)` runs unchanged (the preview page, and tests of the Excel layer), and the
 * workbook's `CustomFunctions` (a functions bundle's `CustomFunctions.associate(...)` registers with the workbook).
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
import type { CustomFunctionsGlobal } from './formula/custom-function-registry';
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
  /** The workbook's custom functions runtime as a functions bundle sees it (`SimulatedWorkbook.customFunctions`). */
  CustomFunctions: CustomFunctionsGlobal;
}

export interface Installation {
  workbook: SimulatedWorkbook;
  globals: ExcelSimulationGlobals;
  /** Restores whatever `Excel` / `OfficeExtension` / `CustomFunctions` were before. */
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
    CustomFunctions: workbook.customFunctions,
  };
}

const GLOBAL_NAMES = ['Excel', 'OfficeExtension', 'CustomFunctions'] as const;

export function installExcelSimulation(target: object, workbook: SimulatedWorkbook = createSimulatedWorkbook()): Installation {
  const slots = target as Partial<Record<(typeof GLOBAL_NAMES)[number], unknown>>;
  const previous = GLOBAL_NAMES.map((name) => ({ name, had: name in target, value: slots[name] }));
  const globals = createExcelGlobals(workbook);
  for (const name of GLOBAL_NAMES) slots[name] = globals[name];
  return {
    workbook,
    globals,
    uninstall(): void {
      for (const { name, had, value } of previous) {
        if (had) slots[name] = value;
        else delete slots[name];
      }
    },
  };
}
