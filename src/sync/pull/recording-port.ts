/** A port that keeps the rows of one table's write as they pass to it: the pull's baseline, without reading the table again. */

import type { CoreRow, CoreValue, RowBatches, TableSpec, WorkbookPort, WriteOptions } from '../workbook-port';

/** The port, keeping the rows of the last write of one table as they pass to it (arrays as they are, batches copied as they arrive). */
export function recordingPort(port: WorkbookPort, tableName: string): { port: WorkbookPort; rows(): readonly CoreRow[] | undefined } {
  let kept: readonly CoreRow[] | undefined;
  const recording: WorkbookPort = {
    writeTable(spec: TableSpec, rows: readonly CoreRow[] | RowBatches, writeOptions?: WriteOptions) {
      if (spec.tableName !== tableName) return port.writeTable(spec, rows, writeOptions);
      if (Array.isArray(rows)) {
        kept = rows as readonly CoreRow[];
        return port.writeTable(spec, rows, writeOptions);
      }
      const collected: CoreRow[] = [];
      kept = collected;
      const batches = rows as RowBatches;
      async function* tee(): RowBatches {
        for await (const batch of batches) {
          // Copies: the rows are the port's once handed over (it may turn them into cells in place).
          for (const row of batch) collected.push(Array.isArray(row) ? [...(row as readonly CoreValue[])] : { ...row });
          yield batch;
        }
      }
      return port.writeTable(spec, tee(), writeOptions);
    },
    readTable: (name, columns, readOptions) => port.readTable(name, columns, readOptions),
    writeStamp: (name, stamp) => port.writeStamp(name, stamp),
    // A patch writes the changed rows only: none are kept (the pull patches the baseline with the same patch).
    ...(port.readColumns === undefined ? {} : { readColumns: port.readColumns.bind(port) }),
    ...(port.patchTable === undefined ? {} : { patchTable: port.patchTable.bind(port) }),
  };
  return { port: recording, rows: () => kept };
}
