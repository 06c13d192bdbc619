/**
 * A port that keeps, as one table's write passes to it, what the pull's baseline takes from its rows (the id, the
 * external ID, the cells a push writes: `CompactBaseline`), without reading the table again and without keeping the
 * rows themselves: a million-row pull holds two small arrays, not a second copy of every cell (#30).
 */

import { CompactBaseline } from '../push/compact-baseline';
import type { TableModel } from '../tables/table-model';
import type { CoreRow, RowBatches, TableSpec, WorkbookPort, WriteOptions } from '../workbook-port';

/** The port, keeping the baseline of the last write of the model's table (rows taken as they arrive, before the port turns them into cells). */
export function recordingPort<R>(
  port: WorkbookPort,
  model: TableModel<R>,
): { port: WorkbookPort; baseline(): CompactBaseline<R> | undefined } {
  let kept: CompactBaseline<R> | undefined;
  const recording: WorkbookPort = {
    writeTable(spec: TableSpec, rows: readonly CoreRow[] | RowBatches, writeOptions?: WriteOptions) {
      if (spec.tableName !== model.tableName) return port.writeTable(spec, rows, writeOptions);
      const baseline = new CompactBaseline(model);
      kept = baseline;
      if (Array.isArray(rows)) {
        for (const row of rows as readonly CoreRow[]) baseline.add(row);
        return port.writeTable(spec, rows, writeOptions);
      }
      const batches = rows as RowBatches;
      async function* tee(): RowBatches {
        for await (const batch of batches) {
          // Taken before the port has the rows: they are its once handed over (it may turn them into cells in place).
          for (const row of batch) baseline.add(row);
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
  return { port: recording, baseline: () => kept };
}
