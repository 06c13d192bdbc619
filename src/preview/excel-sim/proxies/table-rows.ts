/** `Excel.TableRowCollection` and `Excel.TableRow` (rows of the data body, 0-based). */

import type { Named, Supported } from './api-shape';
import type { CellValue } from '../model/cell';
import { readCells, writeCells } from '../model/cell-write';
import { SimClientObject, type SimClientResult } from '../batch/client-object';
import type { WorkbookState } from '../model/workbook-state';
import type { ExecEnv } from './types';
import { SimCollection } from './collection';
import { invalidArgument, itemNotFound } from '../batch/errors';
import { tableOf, type TableBinding } from './bindings';
import { SimRange } from './range';
import { addRows, dataBox, deleteRows } from '../model/table-state';
import type { TableState } from '../model/types';

export interface RowBinding {
  tableId: string;
  index: number;
}

const ROW_PROPERTIES = ['index', 'values'] as const;

function rowValues(env: ExecEnv, t: TableState, index: number): CellValue[][] {
  const body = dataBox(t);
  return readCells(env.state.sheetById(t.sheetId), { ...body, row: body.row + index, rowCount: 1 }, 'values');
}

function rowOf(env: ExecEnv, b: RowBinding): { t: TableState; index: number } {
  const t = tableOf(env, b);
  if (b.index >= dataBox(t).rowCount) throw itemNotFound();
  return { t, index: b.index };
}

export class SimTableRow
  extends SimClientObject<RowBinding, WorkbookState>
  implements Supported<Excel.TableRow, 'index' | 'values' | 'delete' | 'getRange' | 'load'>
{
  protected readonly entityName = 'TableRow';
  protected readonly scalarNames = ROW_PROPERTIES;

  protected readProperties(env: ExecEnv, b: RowBinding, select: readonly string[]): Record<string, unknown> {
    const { t, index } = rowOf(env, b);
    return Object.fromEntries(select.map((n) => [n, n === 'index' ? index : rowValues(env, t, index)]));
  }

  get index(): number {
    return this.read('index');
  }
  get values(): CellValue[][] {
    return this.read('values');
  }
  set values(input: unknown) {
    this.setProperty('values', input, (env, b) => {
      const { t, index } = rowOf(env, b);
      const body = dataBox(t);
      writeCells(env.state.sheetById(t.sheetId), { ...body, row: body.row + index, rowCount: 1 }, 'values', input, env.state.currentYear);
    });
  }

  delete(): void {
    this.queue('Method', 'delete', [], (env, b) => {
      const { t, index } = rowOf(env, b);
      deleteRows(env.state, t, [index]);
    });
  }

  getRange(): SimRange {
    return new SimRange(
      this.context,
      `${this.objectPath}.getRange()`,
      (env) => {
        const b = this.bindIn(env);
        if (b === null) return null;
        const { t, index } = rowOf(env, b);
        const body = dataBox(t);
        return { sheetId: t.sheetId, box: { ...body, row: body.row + index, rowCount: 1 } };
      },
      'TableRow.getRange',
    );
  }
}

type RowCollectionMembers = 'add' | 'getItemAt' | 'getCount' | 'count' | 'deleteRows' | 'deleteRowsAt' | 'load';

export class SimTableRowCollection
  extends SimCollection<TableBinding, SimTableRow>
  implements Supported<Excel.TableRowCollection, RowCollectionMembers>, Named<Excel.TableRowCollection, 'items'>
{
  protected readonly entityName = 'TableRowCollection';
  protected readonly scalarNames = ['count'] as const;

  protected readProperties(env: ExecEnv, b: TableBinding, select: readonly string[]): Record<string, unknown> {
    return select.includes('count') ? { count: dataBox(tableOf(env, b)).rowCount } : {};
  }

  protected itemsIn(env: ExecEnv, b: TableBinding): SimTableRow[] {
    const t = tableOf(env, b);
    return Array.from(
      { length: dataBox(t).rowCount },
      (_, index) => new SimTableRow(this.context, `${this.objectPath}.items[${index}]`, () => ({ tableId: t.id, index })),
    );
  }

  get count(): number {
    return this.read('count');
  }

  /** Inserts rows at `index` of the data body (null/undefined: at the end); `values` is rows x columns. */
  add(index?: number | null, values?: unknown, alwaysInsert?: boolean): SimTableRow {
    let created: RowBinding | undefined;
    const count = Array.isArray(values) ? values.length : 1;
    this.queue('Method', 'add', [index ?? null, values ?? null, alwaysInsert ?? null], (env, b) => {
      if (Array.isArray(values) && values.length === 0) throw invalidArgument();
      const at = addRows(env.state, tableOf(env, b), index ?? undefined, values, count);
      created = { tableId: b.tableId, index: at };
    });
    return new SimTableRow(
      this.context,
      `${this.objectPath}.add(${JSON.stringify(index ?? null)})`,
      () => {
        if (!created) throw itemNotFound();
        return created;
      },
      'TableRowCollection.add',
    );
  }

  getItemAt(index: number): SimTableRow {
    return new SimTableRow(
      this.context,
      `${this.objectPath}.getItemAt(${JSON.stringify(index)})`,
      (env) => {
        const b = this.bindIn(env);
        if (b === null) return null;
        if (!Number.isInteger(index) || index < 0 || index >= dataBox(tableOf(env, b)).rowCount) throw itemNotFound();
        return { tableId: b.tableId, index };
      },
      'TableRowCollection.getItemAt',
    );
  }

  getCount(): SimClientResult<number> {
    return this.queueResult('getCount', [], (env, b) => dataBox(tableOf(env, b)).rowCount);
  }

  /** Deletes rows given by index or by TableRow proxies (their indexes as bound). */
  deleteRows(rows: number[] | SimTableRow[] | Excel.TableRow[]): void {
    const list: unknown[] = [...rows];
    this.queue('Method', 'deleteRows', [list.map((r) => (r instanceof SimTableRow ? r.objectPath : r))], (env, b) => {
      const indexes = list.map((r) => {
        if (typeof r === 'number') return r;
        if (r instanceof SimTableRow) {
          const rb = r.bindIn(env);
          if (rb === null) throw invalidArgument();
          return rb.index;
        }
        throw invalidArgument();
      });
      deleteRows(env.state, tableOf(env, b), indexes);
    });
  }

  deleteRowsAt(index: number, count?: number): void {
    const n = count ?? 1;
    this.queue('Method', 'deleteRowsAt', [index, n], (env, b) => {
      if (!Number.isInteger(n) || n < 1) throw invalidArgument();
      deleteRows(
        env.state,
        tableOf(env, b),
        Array.from({ length: n }, (_, i) => index + i),
      );
    });
  }
}
