/** `Excel.RequestContext`: the batch's request context (batch/request-context.ts) with the workbook proxy. */

import { ClientRequestContext, type BatchEngine } from '../batch/request-context';
import type { WorkbookState } from '../model/workbook-state';
import type { SimApplication } from './application';
import { SimWorkbook } from './workbook';

export class SimRequestContext extends ClientRequestContext<WorkbookState> {
  readonly workbook: SimWorkbook;

  constructor(engine: BatchEngine<WorkbookState>) {
    super(engine);
    this.workbook = new SimWorkbook(this);
  }

  /** `context.application`: the workbook's (the same proxy). */
  get application(): SimApplication {
    return this.workbook.application;
  }
}
