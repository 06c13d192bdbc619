/** The workbook has no table of that name. Thrown by every host. */
export class TableNotFoundError extends Error {
  constructor(readonly tableName: string) {
    super(`No table named ${tableName} in this workbook.`);
    this.name = 'TableNotFoundError';
  }
}
