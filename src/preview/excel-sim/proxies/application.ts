/** `Excel.Application`: calculation mode and the two "until next sync" suspensions (recorded in the sync stats). */

import type { Supported } from './api-shape';
import { SimClientObject } from '../batch/client-object';
import type { ActionQueue, ExecEnv } from './types';
import { invalidArgument } from '../batch/errors';
import type { CalculationModeValue, CalculationTypeValue, WorkbookState } from '../model/workbook-state';

const MODES: readonly string[] = ['Automatic', 'AutomaticExceptTables', 'Manual'];
const CALCULATION_TYPES: readonly string[] = ['Recalculate', 'Full', 'FullRebuild'];

export class SimApplication
  extends SimClientObject<true, WorkbookState>
  implements
    Supported<
      Excel.Application,
      'calculationMode' | 'calculate' | 'suspendApiCalculationUntilNextSync' | 'suspendScreenUpdatingUntilNextSync' | 'load'
    >
{
  protected readonly entityName = 'Application';
  protected readonly scalarNames = ['calculationMode'] as const;

  constructor(context: ActionQueue, objectPath: string, origin?: string) {
    super(context, objectPath, () => true, origin);
  }

  protected readProperties(env: ExecEnv, _b: true, select: readonly string[]): Record<string, unknown> {
    return select.includes('calculationMode') ? { calculationMode: env.state.calculationMode } : {};
  }

  get calculationMode(): CalculationModeValue {
    return this.read('calculationMode');
  }
  set calculationMode(value: Excel.CalculationMode | CalculationModeValue) {
    this.setProperty('calculationMode', value, (env) => {
      if (!MODES.includes(value)) throw invalidArgument();
      env.state.calculationMode = value as CalculationModeValue;
    });
  }

  /**
   * `calculate('Recalculate' | 'Full' | 'FullRebuild')`: checks the type (others → InvalidArgument). In Automatic
   * mode formulas are evaluated whenever they are read, so only custom functions notice: `Full` and `FullRebuild`
   * call every one again, `Recalculate` the volatile ones. In Manual mode it also works out the values the formulas
   * keep (`WorkbookState.calculationMode`).
   */
  calculate(calculationType: Excel.CalculationType | 'Recalculate' | 'Full' | 'FullRebuild'): void {
    this.queue('Method', 'calculate', [calculationType], (env) => {
      if (!CALCULATION_TYPES.includes(calculationType)) throw invalidArgument();
      env.state.calculate(calculationType as CalculationTypeValue);
    });
  }

  suspendApiCalculationUntilNextSync(): void {
    this.queue('Method', 'suspendApiCalculationUntilNextSync', [], (env) => {
      env.calculationSuspended = true;
    });
  }

  suspendScreenUpdatingUntilNextSync(): void {
    this.queue('Method', 'suspendScreenUpdatingUntilNextSync', [], (env) => {
      env.screenUpdatingSuspended = true;
    });
  }
}
