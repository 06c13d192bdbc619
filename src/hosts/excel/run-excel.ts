/**
 * The one place the Excel host enters Office.js: every batch of the host runs through `runExcel`, which hands
 * it an `ExcelSession` that counts syncs (for the write statistics) and carries the request context.
 * The same code runs on real Excel and on the simulation installed as the global `Excel`.
 */

export class ExcelSession {
  syncs = 0;

  constructor(readonly context: Excel.RequestContext) {}

  /** `context.sync()`, counted. */
  async sync(): Promise<void> {
    this.syncs += 1;
    await this.context.sync();
  }

  /**
   * Both suspensions last only until the next sync (office-js #2734, #545): call this before every sync that
   * writes cells.
   */
  suspendForNextSync(): void {
    this.context.application.suspendApiCalculationUntilNextSync();
    this.context.application.suspendScreenUpdatingUntilNextSync();
  }
}

export function runExcel<T>(batch: (session: ExcelSession) => Promise<T>): Promise<T> {
  return Excel.run((context) => batch(new ExcelSession(context)));
}
