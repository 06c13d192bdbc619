/**
 * `Excel.PivotTable`, `PivotTableCollection` and `PivotLayout` (ExcelApi 1.8): `worksheet.pivotTables.add(name,
 * source, destination)` with a table, a range or an address with its sheet as source and a cell (or address) as
 * destination; `workbook.pivotTables` (every sheet's); `getItem`, `getItemOrNullObject`, `getCount`; `refresh()`
 * computes the report again from the source; `delete()` clears its cells; `layout.getRange()` is the report's cells.
 */

import type { Supported } from './api-shape';
import type { SimClientResult } from '../batch/client-object';
import { SimClientObject } from '../batch/client-object';
import { invalidArgument, itemNotFound, SimError } from '../batch/errors';
import { parseLocalAddress, splitSheet, type CellBox } from '../model/address';
import { addPivot, deletePivot, layOutPivot } from '../model/pivot-state';
import type { PivotSource } from '../model/types';
import type { WorkbookState } from '../model/workbook-state';
import type { SheetBinding } from './bindings';
import { SimCollection } from './collection';
import { SimDataAxis, SimRowColumnAxis, SimPivotHierarchyCollection, pivotOf, type PivotBinding } from './pivot-hierarchies';
import { SimRange } from './range';
import { SimTable } from './table';
import type { ActionQueue, ExecEnv } from './types';

type PivotMembers = 'name' | 'id' | 'refresh' | 'delete' | 'load' | 'isNullObject';

export class SimPivotTable extends SimClientObject<PivotBinding, WorkbookState> implements Supported<Excel.PivotTable, PivotMembers> {
  protected readonly entityName = 'PivotTable';
  protected readonly scalarNames = ['id', 'name'] as const;
  private readonly cached = new Map<string, SimClientObject<PivotBinding, WorkbookState>>();

  protected readProperties(env: ExecEnv, b: PivotBinding, select: readonly string[]): Record<string, unknown> {
    const pivot = pivotOf(env, b);
    return Object.fromEntries(select.map((name) => [name, name === 'id' ? pivot.id : pivot.name]));
  }

  get id(): string {
    return this.read('id');
  }
  get name(): string {
    return this.read('name');
  }

  private nav<T extends SimClientObject<PivotBinding, WorkbookState>>(
    name: string,
    make: (path: string, resolve: (env: ExecEnv) => PivotBinding | null) => T,
  ): T {
    const found = this.cached.get(name);
    if (found) return found as T;
    const made = make(`${this.objectPath}.${name}`, (env) => this.bindIn(env));
    this.cached.set(name, made);
    return made;
  }

  get hierarchies(): SimPivotHierarchyCollection {
    return this.nav(
      'hierarchies',
      (path, resolve) => new SimPivotHierarchyCollection(this.context, path, resolve, 'PivotTable.hierarchies'),
    );
  }
  get rowHierarchies(): SimRowColumnAxis {
    return this.nav(
      'rowHierarchies',
      (p, r) => new SimRowColumnAxis(this.context, p, r, 'PivotTable.rowHierarchies', 'RowColumnPivotHierarchyCollection', 'rows'),
    );
  }
  get columnHierarchies(): SimRowColumnAxis {
    return this.nav(
      'columnHierarchies',
      (p, r) => new SimRowColumnAxis(this.context, p, r, 'PivotTable.columnHierarchies', 'RowColumnPivotHierarchyCollection', 'columns'),
    );
  }
  get dataHierarchies(): SimDataAxis {
    return this.nav(
      'dataHierarchies',
      (p, r) => new SimDataAxis(this.context, p, r, 'PivotTable.dataHierarchies', 'DataPivotHierarchyCollection', 'data'),
    );
  }
  get layout(): SimPivotLayout {
    return this.nav('layout', (path, resolve) => new SimPivotLayout(this.context, path, resolve, 'PivotTable.layout'));
  }

  refresh(): void {
    this.queue('Method', 'refresh', [], (env, b) => layOutPivot(env.state, pivotOf(env, b)));
  }

  delete(): void {
    this.queue('Method', 'delete', [], (env, b) => deletePivot(env.state, pivotOf(env, b)));
  }
}

/** `PivotLayout.getRange()`: the report's cells (InvalidOperation while it has none). */
export class SimPivotLayout extends SimClientObject<PivotBinding, WorkbookState> {
  protected readonly entityName = 'PivotLayout';
  protected readonly scalarNames = [] as const;

  protected readProperties(): Record<string, unknown> {
    return {};
  }

  getRange(): SimRange {
    return new SimRange(
      this.context,
      `${this.objectPath}.getRange()`,
      (env) => {
        const b = this.bindIn(env);
        if (b === null) return null;
        const pivot = pivotOf(env, b);
        if (pivot.box === null) throw new SimError('InvalidOperation', 'The PivotTable has no report yet.');
        return { sheetId: pivot.sheetId, box: pivot.box };
      },
      'PivotLayout.getRange',
    );
  }
}

type CollectionMembers = 'add' | 'getItem' | 'getItemOrNullObject' | 'getCount' | 'refreshAll' | 'load';

/** Binding: the worksheet (its pivots) or `true` (the workbook's). */
export class SimPivotTableCollection
  extends SimCollection<SheetBinding | true, SimPivotTable>
  implements Supported<Excel.PivotTableCollection, CollectionMembers>
{
  protected readonly entityName = 'PivotTableCollection';
  protected readonly scalarNames = [] as const;

  constructor(context: ActionQueue, objectPath: string, resolver: (env: ExecEnv) => SheetBinding | true | null, origin: string) {
    super(context, objectPath, resolver, origin);
  }

  protected readProperties(): Record<string, unknown> {
    return {};
  }

  private pivotsOf(env: ExecEnv, b: SheetBinding | true) {
    return env.state.pivots.filter((p) => b === true || p.sheetId === b.sheetId);
  }

  protected itemsIn(env: ExecEnv, b: SheetBinding | true): SimPivotTable[] {
    return this.pivotsOf(env, b).map(
      (p) => new SimPivotTable(this.context, `${this.objectPath}.items[${JSON.stringify(p.id)}]`, () => ({ pivotId: p.id })),
    );
  }

  private child(name: string, args: unknown[], resolve: (env: ExecEnv, b: SheetBinding | true) => PivotBinding | null): SimPivotTable {
    const path = `${this.objectPath}.${name}(${args.map((a) => JSON.stringify(a) ?? 'undefined').join(',')})`;
    return new SimPivotTable(
      this.context,
      path,
      (env) => {
        const b = this.bindIn(env);
        return b === null ? null : resolve(env, b);
      },
      `PivotTableCollection.${name}`,
    );
  }

  private sourceOf(env: ExecEnv, source: unknown): PivotSource {
    if (source instanceof SimTable || source instanceof SimRange) {
      if (source.context !== this.context)
        throw new SimError('InvalidRequestContext', 'Cannot use the object across different request contexts.');
      const b = source.bindIn(env);
      if (b === null) throw invalidArgument();
      return 'tableId' in b ? { kind: 'table', tableId: b.tableId } : { kind: 'range', sheetId: b.sheetId, box: b.box };
    }
    if (typeof source !== 'string') throw invalidArgument();
    const { sheet, local } = splitSheet(source);
    if (sheet === undefined) throw invalidArgument('The source address must name its worksheet.');
    return { kind: 'range', sheetId: env.state.sheet(sheet).id, box: parseLocalAddress(local) };
  }

  private destinationOf(env: ExecEnv, b: SheetBinding | true, destination: unknown): { sheetId: string; box: CellBox } {
    if (destination instanceof SimRange) {
      const rb = destination.bindIn(env);
      if (rb === null) throw invalidArgument();
      if (b !== true && rb.sheetId !== b.sheetId) throw invalidArgument();
      return rb;
    }
    if (typeof destination !== 'string') throw invalidArgument();
    const { sheet, local } = splitSheet(destination);
    const sheetId = sheet !== undefined ? env.state.sheet(sheet).id : b === true ? env.state.activeSheetId : b.sheetId;
    if (b !== true && sheetId !== b.sheetId) throw invalidArgument();
    return { sheetId, box: parseLocalAddress(local) };
  }

  add(
    name: string,
    source: Excel.Range | string | Excel.Table | SimRange | SimTable,
    destination: Excel.Range | string | SimRange,
  ): SimPivotTable {
    let created: PivotBinding | undefined;
    const wire = (x: unknown): unknown => (x instanceof SimClientObject ? x.objectPath : x);
    const args = [name, wire(source), wire(destination)];
    this.queue('Method', 'add', args, (env, b) => {
      const target = this.destinationOf(env, b, destination);
      const pivot = addPivot(env.state, env.state.sheetById(target.sheetId), name, this.sourceOf(env, source), target.box);
      created = { pivotId: pivot.id };
    });
    return this.child('add', [name], () => {
      if (!created) throw itemNotFound();
      return created;
    });
  }

  getItem(name: string): SimPivotTable {
    return this.child('getItem', [name], (env, b) => {
      const p = this.pivotsOf(env, b).find((x) => x.name.toLowerCase() === name.toLowerCase());
      if (!p) throw itemNotFound();
      return { pivotId: p.id };
    });
  }

  getItemOrNullObject(name: string): SimPivotTable {
    return this.child('getItemOrNullObject', [name], (env, b) => {
      const p = this.pivotsOf(env, b).find((x) => x.name.toLowerCase() === name.toLowerCase());
      return p ? { pivotId: p.id } : null;
    });
  }

  getCount(): SimClientResult<number> {
    return this.queueResult('getCount', [], (env, b) => this.pivotsOf(env, b).length);
  }

  /** ExcelApi 1.12: every PivotTable of the collection computed again. */
  refreshAll(): void {
    this.queue('Method', 'refreshAll', [], (env, b) => {
      for (const pivot of this.pivotsOf(env, b)) layOutPivot(env.state, pivot);
    });
  }
}
