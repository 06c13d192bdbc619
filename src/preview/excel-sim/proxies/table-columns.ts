/** `Excel.TableColumnCollection` and `Excel.TableColumn`. Columns bind to their id within the table. */

import type { Named, Supported } from './api-shape';
import type { CellValue } from '../model/cell';
import { readCells, writeCells } from '../model/cell-write';
import { SimClientObject, type SimClientResult } from '../batch/client-object';
import type { WorkbookState } from '../model/workbook-state';
import type { ExecEnv } from './types';
import { SimCollection } from './collection';
import { invalidArgument, itemNotFound } from '../batch/errors';
import { tableOf, type RangeBinding, type TableBinding } from './bindings';
import { SimRange } from './range';
import { addColumn, dataBox, deleteColumn, headerBox, tableColumnNames } from '../model/table-state';
import type { TableState } from '../model/types';

export interface ColumnBinding {
  tableId: string;
  columnId: number;
}

const COLUMN_PROPERTIES = ['id', 'index', 'name', 'values'] as const;

function columnOf(env: ExecEnv, b: ColumnBinding): { t: TableState; index: number } {
  const t = tableOf(env, b);
  const index = t.columnIds.indexOf(b.columnId);
  if (index < 0) throw itemNotFound();
  return { t, index };
}

function columnBox(t: TableState, index: number): RangeBinding {
  return { sheetId: t.sheetId, box: { ...t.box, column: t.box.column + index, columnCount: 1 } };
}

function columnProperty(env: ExecEnv, t: TableState, index: number, name: string): unknown {
  if (name === 'id') return t.columnIds[index];
  if (name === 'index') return index;
  if (name === 'name') return tableColumnNames(env.state, t)[index];
  return readCells(env.state.sheetById(t.sheetId), columnBox(t, index).box, 'values');
}

export class SimTableColumn
  extends SimClientObject<ColumnBinding, WorkbookState>
  implements
    Supported<
      Excel.TableColumn,
      'id' | 'index' | 'name' | 'values' | 'delete' | 'getRange' | 'getDataBodyRange' | 'getHeaderRowRange' | 'load' | 'isNullObject'
    >
{
  protected readonly entityName = 'TableColumn';
  protected readonly scalarNames = COLUMN_PROPERTIES;

  protected readProperties(env: ExecEnv, b: ColumnBinding, select: readonly string[]): Record<string, unknown> {
    const { t, index } = columnOf(env, b);
    return Object.fromEntries(select.map((n) => [n, columnProperty(env, t, index, n)]));
  }

  get id(): number {
    return this.read('id');
  }
  get index(): number {
    return this.read('index');
  }
  get name(): string {
    return this.read('name');
  }
  set name(value: string) {
    this.setProperty('name', value, (env, b) => {
      const { t, index } = columnOf(env, b);
      if (typeof value !== 'string' || value === '') throw invalidArgument();
      const names = tableColumnNames(env.state, t);
      if (names.some((n, i) => i !== index && n.toLowerCase() === value.toLowerCase())) throw invalidArgument();
      t.columnNames[index] = value;
      if (t.showHeaders)
        env.state.sheetById(t.sheetId).setContent(t.box.row, t.box.column + index, { kind: 'String', value, quotePrefix: false });
    });
  }
  get values(): CellValue[][] {
    return this.read('values');
  }
  set values(input: unknown) {
    this.setProperty('values', input, (env, b) => {
      const { t, index } = columnOf(env, b);
      writeCells(env.state.sheetById(t.sheetId), columnBox(t, index).box, 'values', input, env.state.currentYear);
    });
  }

  delete(): void {
    this.queue('Method', 'delete', [], (env, b) => {
      const { t, index } = columnOf(env, b);
      deleteColumn(env.state, t, index);
    });
  }

  private range(name: string, pick: (t: TableState, index: number) => RangeBinding): SimRange {
    return new SimRange(
      this.context,
      `${this.objectPath}.${name}()`,
      (env) => {
        const b = this.bindIn(env);
        if (b === null) return null;
        const { t, index } = columnOf(env, b);
        return pick(t, index);
      },
      `TableColumn.${name}`,
    );
  }

  getRange(): SimRange {
    return this.range('getRange', columnBox);
  }
  getDataBodyRange(): SimRange {
    return this.range('getDataBodyRange', (t, i) => ({
      sheetId: t.sheetId,
      box: { ...dataBox(t), column: t.box.column + i, columnCount: 1 },
    }));
  }
  getHeaderRowRange(): SimRange {
    return this.range('getHeaderRowRange', (t, i) => {
      const header = headerBox(t);
      if (!header) throw itemNotFound();
      return { sheetId: t.sheetId, box: { ...header, column: t.box.column + i, columnCount: 1 } };
    });
  }
}

type ColumnCollectionMembers = 'add' | 'getItem' | 'getItemOrNullObject' | 'getItemAt' | 'getCount' | 'count' | 'load';

export class SimTableColumnCollection
  extends SimCollection<TableBinding, SimTableColumn>
  implements Supported<Excel.TableColumnCollection, ColumnCollectionMembers>, Named<Excel.TableColumnCollection, 'items'>
{
  protected readonly entityName = 'TableColumnCollection';
  protected readonly scalarNames = ['count'] as const;

  protected readProperties(env: ExecEnv, b: TableBinding, select: readonly string[]): Record<string, unknown> {
    return select.includes('count') ? { count: tableOf(env, b).box.columnCount } : {};
  }

  protected itemsIn(env: ExecEnv, b: TableBinding): SimTableColumn[] {
    const t = tableOf(env, b);
    return t.columnIds.map(
      (columnId) => new SimTableColumn(this.context, `${this.objectPath}.items[${columnId}]`, () => ({ tableId: t.id, columnId })),
    );
  }

  get count(): number {
    return this.read('count');
  }

  private child(name: string, args: unknown[], pick: (env: ExecEnv, t: TableState) => number | null): SimTableColumn {
    return new SimTableColumn(
      this.context,
      `${this.objectPath}.${name}(${args.map((a) => JSON.stringify(a) ?? 'undefined').join(',')})`,
      (env) => {
        const b = this.bindIn(env);
        if (b === null) return null;
        const t = tableOf(env, b);
        const index = pick(env, t);
        if (index === null) return null;
        return { tableId: t.id, columnId: t.columnIds[index] ?? -1 };
      },
      `TableColumnCollection.${name}`,
    );
  }

  /** `values` includes the header cell as its first row when the header row is shown. */
  add(index?: number | null, values?: unknown, name?: string): SimTableColumn {
    let created: number | undefined;
    this.queue('Method', 'add', [index ?? null, values ?? null, name ?? null], (env, b) => {
      created = addColumn(env.state, tableOf(env, b), index ?? undefined, values, name);
    });
    return this.child('add', [index ?? null], () => {
      if (created === undefined) throw itemNotFound();
      return created;
    });
  }

  private find(env: ExecEnv, t: TableState, key: number | string): number | null {
    if (typeof key === 'number') {
      const i = t.columnIds.indexOf(key);
      return i < 0 ? null : i;
    }
    const lower = key.toLowerCase();
    const i = tableColumnNames(env.state, t).findIndex((n, idx) => n.toLowerCase() === lower || String(t.columnIds[idx]) === key);
    return i < 0 ? null : i;
  }

  getItem(key: number | string): SimTableColumn {
    return this.child('getItem', [key], (env, t) => {
      const i = this.find(env, t, key);
      if (i === null) throw itemNotFound();
      return i;
    });
  }

  getItemOrNullObject(key: number | string): SimTableColumn {
    return this.child('getItemOrNullObject', [key], (env, t) => this.find(env, t, key));
  }

  getItemAt(index: number): SimTableColumn {
    return this.child('getItemAt', [index], (_env, t) => {
      if (!Number.isInteger(index) || index < 0 || index >= t.box.columnCount) throw itemNotFound();
      return index;
    });
  }

  getCount(): SimClientResult<number> {
    return this.queueResult('getCount', [], (env, b) => tableOf(env, b).box.columnCount);
  }
}
