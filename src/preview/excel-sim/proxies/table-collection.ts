/** `Excel.TableCollection`, of the workbook or of one worksheet. */

import { parseLocalAddress, splitSheet, type CellBox } from '../model/address';
import type { Named, Supported } from './api-shape';
import type { SimClientResult } from '../batch/client-object';
import type { ExecEnv } from './types';
import { SimCollection } from './collection';
import { invalidArgument, itemNotFound, SimError } from '../batch/errors';
import { SimRange } from './range';
import type { SheetState } from '../model/sheet-state';
import { addTable, findTable } from '../model/table-state';
import type { TableState } from '../model/types';
import type { SheetBinding, TableBinding } from './bindings';
import { SimTable } from './table';

type TableCollectionMembers = 'add' | 'getItem' | 'getItemOrNullObject' | 'getItemAt' | 'getCount' | 'count' | 'load';

/** Binding: the worksheet (sheet tables) or `true` (all tables of the workbook). */
export class SimTableCollection
  extends SimCollection<SheetBinding | true, SimTable>
  implements Supported<Excel.TableCollection, TableCollectionMembers>, Named<Excel.TableCollection, 'items'>
{
  protected readonly entityName = 'TableCollection';
  protected readonly scalarNames = ['count'] as const;

  private tablesOf(env: ExecEnv, b: SheetBinding | true): TableState[] {
    return env.state.tables.filter((t) => b === true || t.sheetId === b.sheetId);
  }

  protected readProperties(env: ExecEnv, b: SheetBinding | true, select: readonly string[]): Record<string, unknown> {
    return select.includes('count') ? { count: this.tablesOf(env, b).length } : {};
  }

  protected itemsIn(env: ExecEnv, b: SheetBinding | true): SimTable[] {
    return this.tablesOf(env, b).map(
      (t) =>
        new SimTable(this.context, `${this.objectPath}.items[${JSON.stringify(t.id)}]`, (e) => ({ tableId: findTable(e.state, t.id).id })),
    );
  }

  get count(): number {
    return this.read('count');
  }

  private child(name: string, args: unknown[], resolve: (env: ExecEnv, b: SheetBinding | true) => TableBinding | null): SimTable {
    const path = `${this.objectPath}.${name}(${args.map((a) => JSON.stringify(a) ?? 'undefined').join(',')})`;
    return new SimTable(
      this.context,
      path,
      (env) => {
        const b = this.bindIn(env);
        return b === null ? null : resolve(env, b);
      },
      `TableCollection.${name}`,
    );
  }

  /** `add('A1:C1', true)` on a sheet's tables, or `add('Sheet1!A1:C1', true)` on the workbook's. */
  add(address: SimRange | string | Excel.Range, hasHeaders: boolean): SimTable {
    let created: TableBinding | undefined;
    const args = [address instanceof SimRange ? address.objectPath : address, hasHeaders];
    this.queue('Method', 'add', args, (env, b) => {
      const { sheet, box } = this.target(env, b, address);
      const table = addTable(env.state, sheet, box, hasHeaders === true);
      created = { tableId: table.id };
    });
    return this.child('add', args, () => {
      if (!created) throw itemNotFound();
      return created;
    });
  }

  private target(env: ExecEnv, b: SheetBinding | true, address: unknown): { sheet: SheetState; box: CellBox } {
    if (address instanceof SimRange) {
      if (address.context !== this.context)
        throw new SimError('InvalidRequestContext', 'Cannot use the object across different request contexts.');
      const rb = address.bindIn(env);
      if (rb === null) throw invalidArgument();
      const sheet = env.state.sheetById(rb.sheetId);
      if (b !== true && b.sheetId !== sheet.id) throw invalidArgument();
      return { sheet, box: rb.box };
    }
    if (typeof address !== 'string') throw invalidArgument();
    const { sheet: named, local } = splitSheet(address);
    let sheet: SheetState;
    if (b !== true) {
      sheet = env.state.sheetById(b.sheetId);
      if (named !== undefined && named.toLowerCase() !== sheet.name.toLowerCase()) throw invalidArgument();
    } else {
      sheet = named === undefined ? env.state.sheetById(env.state.activeSheetId) : env.state.sheet(named);
    }
    return { sheet, box: parseLocalAddress(local) };
  }

  getItem(key: string): SimTable {
    return this.child('getItem', [key], (env, b) => ({ tableId: findTable(env.state, key, b === true ? undefined : b.sheetId).id }));
  }

  getItemOrNullObject(key: string): SimTable {
    return this.child('getItemOrNullObject', [key], (env, b) => {
      const lower = key.toLowerCase();
      const t = this.tablesOf(env, b).find((x) => x.id === key || x.name.toLowerCase() === lower);
      return t ? { tableId: t.id } : null;
    });
  }

  getItemAt(index: number): SimTable {
    return this.child('getItemAt', [index], (env, b) => {
      const t = this.tablesOf(env, b)[index];
      if (!t) throw itemNotFound();
      return { tableId: t.id };
    });
  }

  getCount(): SimClientResult<number> {
    return this.queueResult('getCount', [], (env, b) => this.tablesOf(env, b).length);
  }
}
