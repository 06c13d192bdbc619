/** `Excel.Worksheet` and `Excel.WorksheetCollection`. Worksheets bind to the sheet's id, so a rename keeps them valid. */

import { MAX_COLUMNS, MAX_ROWS, parseLocalAddress, splitSheet, checkInGrid } from '../model/address';
import type { Named, Supported } from './api-shape';
import { SimClientObject, type SimClientResult } from '../batch/client-object';
import type { WorkbookState } from '../model/workbook-state';
import type { ActionQueue, AnyProxy, ExecEnv } from './types';
import { SimCollection } from './collection';
import { invalidArgument, itemNotFound } from '../batch/errors';
import type { RangeBinding, SheetBinding } from './bindings';
import { SimRange } from './range';
import type { SheetState, Visibility } from '../model/sheet-state';
import { SimTableCollection } from './table-collection';
import { SimWorksheetFreezePanes } from './freeze-panes';
import { provideWorksheetProxies, type WorksheetProxy } from './worksheet-proxy';
import { EVERY_SHEET } from '../model/worksheet-events';
import { SimWorksheetChangedEvents } from './worksheet-changed-events';
import { SimWorksheetSelectionEvents } from './worksheet-selection-events';
import { SimPivotTableCollection } from './pivot-table';
import { SimChartCollection } from './chart';

const WORKSHEET_PROPERTIES = ['id', 'name', 'position', 'visibility'] as const;

type WorksheetMembers =
  | 'id'
  | 'name'
  | 'position'
  | 'visibility'
  | 'getRange'
  | 'getRangeByIndexes'
  | 'getCell'
  | 'getUsedRange'
  | 'getUsedRangeOrNullObject'
  | 'delete'
  | 'activate'
  | 'getNext'
  | 'getNextOrNullObject'
  | 'getPrevious'
  | 'getPreviousOrNullObject'
  | 'load'
  | 'isNullObject';

type EventMembers = 'onChanged' | 'onSelectionChanged';

const WORKSHEET_NAVIGATION: readonly string[] = ['tables', 'freezePanes'];

export class SimWorksheet
  extends SimClientObject<SheetBinding, WorkbookState>
  implements Supported<Excel.Worksheet, WorksheetMembers>, Named<Excel.Worksheet, 'tables' | 'freezePanes' | EventMembers>, WorksheetProxy
{
  protected readonly entityName = 'Worksheet';
  protected readonly scalarNames = WORKSHEET_PROPERTIES;
  protected override readonly navigationNames = WORKSHEET_NAVIGATION;
  private tablesProxy: SimTableCollection | undefined;
  private freezePanesProxy: SimWorksheetFreezePanes | undefined;
  private pivotTablesProxy: SimPivotTableCollection | undefined;
  private chartsProxy: SimChartCollection | undefined;
  private changedEvents: SimWorksheetChangedEvents | undefined;
  private selectionEvents: SimWorksheetSelectionEvents | undefined;

  /** `onSelectionChanged` (ExcelApi 1.7): the user selecting cells of this sheet (proxies/worksheet-selection-events.ts). */
  get onSelectionChanged(): SimWorksheetSelectionEvents {
    this.selectionEvents ??= new SimWorksheetSelectionEvents(this.context, this.objectPath, (env) => {
      const binding = this.bindIn(env);
      if (binding === null) throw itemNotFound();
      return binding.sheetId;
    });
    return this.selectionEvents;
  }

  /** `onChanged` (ExcelApi 1.7): edits of this sheet's cells (proxies/worksheet-changed-events.ts). */
  get onChanged(): SimWorksheetChangedEvents {
    this.changedEvents ??= new SimWorksheetChangedEvents(this.context, this.objectPath, this.entityName, (env) => {
      const binding = this.bindIn(env);
      if (binding === null) throw itemNotFound();
      return binding.sheetId;
    });
    return this.changedEvents;
  }

  protected override navigation(name: string): AnyProxy {
    if (name === 'tables') return this.tables;
    if (name === 'freezePanes') return this.freezePanes;
    return super.navigation(name);
  }

  static sheet(env: ExecEnv, b: SheetBinding): SheetState {
    return env.state.sheetById(b.sheetId);
  }

  protected readProperties(env: ExecEnv, b: SheetBinding, select: readonly string[]): Record<string, unknown> {
    const sheet = SimWorksheet.sheet(env, b);
    const out: Record<string, unknown> = {};
    for (const name of select) {
      if (name === 'id') out[name] = sheet.id;
      else if (name === 'name') out[name] = sheet.name;
      else if (name === 'position') out[name] = env.state.sheets.indexOf(sheet);
      else if (name === 'visibility') out[name] = sheet.visibility;
    }
    return out;
  }

  get id(): string {
    return this.read('id');
  }
  get name(): string {
    return this.read('name');
  }
  set name(value: string) {
    this.setProperty('name', value, (env, b) => {
      if (typeof value !== 'string') throw invalidArgument();
      env.state.renameSheet(SimWorksheet.sheet(env, b), value);
    });
  }
  get position(): number {
    return this.read('position');
  }
  set position(value: number) {
    this.setProperty('position', value, (env, b) => env.state.setPosition(SimWorksheet.sheet(env, b), value));
  }
  get visibility(): Visibility {
    return this.read('visibility');
  }
  set visibility(value: Excel.SheetVisibility | Visibility) {
    this.setProperty('visibility', value, (env, b) => env.state.setVisibility(SimWorksheet.sheet(env, b), value as Visibility));
  }

  /** The same proxy on every access (office.js caches navigation properties). */
  get tables(): SimTableCollection {
    this.tablesProxy ??= new SimTableCollection(this.context, `${this.objectPath}.tables`, (env) => this.bindIn(env), 'Worksheet.tables');
    return this.tablesProxy;
  }

  /** ExcelApi 1.8: the sheet's PivotTables (proxies/pivot-table.ts). */
  get pivotTables(): SimPivotTableCollection {
    this.pivotTablesProxy ??= new SimPivotTableCollection(
      this.context,
      `${this.objectPath}.pivotTables`,
      (env) => this.bindIn(env),
      'Worksheet.pivotTables',
    );
    return this.pivotTablesProxy;
  }

  /** ExcelApi 1.1: the sheet's charts (proxies/chart.ts). */
  get charts(): SimChartCollection {
    this.chartsProxy ??= new SimChartCollection(this.context, `${this.objectPath}.charts`, (env) => this.bindIn(env), 'Worksheet.charts');
    return this.chartsProxy;
  }

  /** The same proxy on every access; bound to the sheet (see freeze-panes.ts). */
  get freezePanes(): SimWorksheetFreezePanes {
    this.freezePanesProxy ??= new SimWorksheetFreezePanes(
      this.context,
      `${this.objectPath}.freezePanes`,
      (env) => this.bindIn(env),
      'Worksheet.freezePanes',
    );
    return this.freezePanesProxy;
  }

  private range(name: string, args: unknown[], box: (env: ExecEnv, sheet: SheetState) => RangeBinding | null): SimRange {
    const path = `${this.objectPath}.${name}(${args.map((a) => JSON.stringify(a) ?? 'undefined').join(',')})`;
    return new SimRange(
      this.context,
      path,
      (env) => {
        const b = this.bindIn(env);
        return b === null ? null : box(env, SimWorksheet.sheet(env, b));
      },
      `Worksheet.${name}`,
    );
  }

  /** `getRange()` is the whole sheet; an address may name this sheet (`Data!A1:B2`), not another one. */
  getRange(address?: string): SimRange {
    return this.range('getRange', address === undefined ? [] : [address], (_env, sheet) => {
      if (address === undefined || address === '')
        return { sheetId: sheet.id, box: { row: 0, column: 0, rowCount: MAX_ROWS, columnCount: MAX_COLUMNS } };
      if (typeof address !== 'string') throw invalidArgument();
      const { sheet: named, local } = splitSheet(address);
      if (named !== undefined && named.toLowerCase() !== sheet.name.toLowerCase()) throw invalidArgument();
      return { sheetId: sheet.id, box: parseLocalAddress(local) };
    });
  }

  getRangeByIndexes(startRow: number, startColumn: number, rowCount: number, columnCount: number): SimRange {
    return this.range('getRangeByIndexes', [startRow, startColumn, rowCount, columnCount], (_env, sheet) => {
      const box = { row: startRow, column: startColumn, rowCount, columnCount };
      if (![startRow, startColumn, rowCount, columnCount].every(Number.isInteger)) throw invalidArgument();
      checkInGrid(box);
      return { sheetId: sheet.id, box };
    });
  }

  getCell(row: number, column: number): SimRange {
    return this.getRangeByIndexes(row, column, 1, 1);
  }

  /** The used range; `A1` on an empty sheet, as Excel returns. */
  getUsedRange(valuesOnly?: boolean): SimRange {
    return this.range('getUsedRange', [valuesOnly], (_env, sheet) => ({
      sheetId: sheet.id,
      box: sheet.usedBox(valuesOnly === true) ?? { row: 0, column: 0, rowCount: 1, columnCount: 1 },
    }));
  }

  getUsedRangeOrNullObject(valuesOnly?: boolean): SimRange {
    return this.range('getUsedRangeOrNullObject', [valuesOnly], (_env, sheet) => {
      const box = sheet.usedBox(valuesOnly === true);
      return box ? { sheetId: sheet.id, box } : null;
    });
  }

  /** ExcelApi 1.5: the neighbouring sheet in tab order (`visibleOnly`: skipping hidden ones), or null when there is none. */
  private neighbour(name: string, args: unknown[], step: 1 | -1, visibleOnly: boolean | undefined, orNull: boolean): SimWorksheet {
    const path = `${this.objectPath}.${name}(${args.map((a) => JSON.stringify(a) ?? 'undefined').join(',')})`;
    return new SimWorksheet(
      this.context,
      path,
      (env) => {
        const b = this.bindIn(env);
        if (b === null) return null;
        const sheets = env.state.sheets;
        let i = sheets.indexOf(SimWorksheet.sheet(env, b)) + step;
        while (i >= 0 && i < sheets.length && visibleOnly === true && sheets[i]?.visibility !== 'Visible') i += step;
        const found = sheets[i];
        if (found) return { sheetId: found.id };
        if (orNull) return null;
        throw itemNotFound();
      },
      `Worksheet.${name}`,
    );
  }

  /** The sheet after this one; none → ItemNotFound ("this method will throw an error"). */
  getNext(visibleOnly?: boolean): SimWorksheet {
    return this.neighbour('getNext', [visibleOnly], 1, visibleOnly, false);
  }
  getNextOrNullObject(visibleOnly?: boolean): SimWorksheet {
    return this.neighbour('getNextOrNullObject', [visibleOnly], 1, visibleOnly, true);
  }
  /** The sheet before this one; none → ItemNotFound. */
  getPrevious(visibleOnly?: boolean): SimWorksheet {
    return this.neighbour('getPrevious', [visibleOnly], -1, visibleOnly, false);
  }
  getPreviousOrNullObject(visibleOnly?: boolean): SimWorksheet {
    return this.neighbour('getPreviousOrNullObject', [visibleOnly], -1, visibleOnly, true);
  }

  delete(): void {
    this.queue('Method', 'delete', [], (env, b) => env.state.deleteSheet(SimWorksheet.sheet(env, b)));
  }

  activate(): void {
    this.queue('Method', 'activate', [], (env, b) => env.state.activate(SimWorksheet.sheet(env, b)));
  }
}

type WorksheetCollectionMembers =
  'add' | 'getItem' | 'getItemOrNullObject' | 'getActiveWorksheet' | 'getCount' | 'getFirst' | 'getLast' | 'load';

export class SimWorksheetCollection
  extends SimCollection<true, SimWorksheet>
  implements Supported<Excel.WorksheetCollection, WorksheetCollectionMembers>, Named<Excel.WorksheetCollection, 'items' | 'onChanged'>
{
  protected readonly entityName = 'WorksheetCollection';
  protected readonly scalarNames = [] as const;
  private changedEvents: SimWorksheetChangedEvents | undefined;

  constructor(context: ActionQueue, objectPath: string, origin?: string) {
    super(context, objectPath, () => true, origin);
  }

  /** `onChanged` (ExcelApi 1.9): edits of any sheet's cells (proxies/worksheet-changed-events.ts). */
  get onChanged(): SimWorksheetChangedEvents {
    this.changedEvents ??= new SimWorksheetChangedEvents(this.context, this.objectPath, this.entityName, () => EVERY_SHEET);
    return this.changedEvents;
  }

  private child(name: string, args: unknown[], resolve: (env: ExecEnv) => SheetBinding | null): SimWorksheet {
    const path = `${this.objectPath}.${name}(${args.map((a) => JSON.stringify(a) ?? 'undefined').join(',')})`;
    return new SimWorksheet(this.context, path, resolve, `WorksheetCollection.${name}`);
  }

  protected readProperties(): Record<string, unknown> {
    return {};
  }

  protected itemsIn(env: ExecEnv): SimWorksheet[] {
    return env.state.sheets.map(
      (sheet) =>
        new SimWorksheet(this.context, `${this.objectPath}.items[${JSON.stringify(sheet.id)}]`, (e) => ({
          sheetId: e.state.sheetById(sheet.id).id,
        })),
    );
  }

  add(name?: string): SimWorksheet {
    let created: SheetBinding | undefined;
    this.queue('Method', 'add', [name], (env) => {
      created = { sheetId: env.state.addSheet(name).id };
    });
    return this.child('add', [name], () => {
      if (!created) throw itemNotFound();
      return created;
    });
  }

  getItem(key: string): SimWorksheet {
    return this.child('getItem', [key], (env) => ({ sheetId: env.state.sheet(key).id }));
  }

  getItemOrNullObject(key: string): SimWorksheet {
    return this.child('getItemOrNullObject', [key], (env) => {
      const sheet = env.state.findSheet(key);
      return sheet ? { sheetId: sheet.id } : null;
    });
  }

  getActiveWorksheet(): SimWorksheet {
    return this.child('getActiveWorksheet', [], (env) => ({ sheetId: env.state.sheetById(env.state.activeSheetId).id }));
  }

  getFirst(visibleOnly?: boolean): SimWorksheet {
    return this.child('getFirst', [visibleOnly], (env) => {
      const sheet = env.state.sheets.find((s) => !visibleOnly || s.visibility === 'Visible');
      if (!sheet) throw itemNotFound();
      return { sheetId: sheet.id };
    });
  }

  getLast(visibleOnly?: boolean): SimWorksheet {
    return this.child('getLast', [visibleOnly], (env) => {
      const sheet = [...env.state.sheets].reverse().find((s) => !visibleOnly || s.visibility === 'Visible');
      if (!sheet) throw itemNotFound();
      return { sheetId: sheet.id };
    });
  }

  getCount(visibleOnly?: boolean): SimClientResult<number> {
    return this.queueResult(
      'getCount',
      [visibleOnly],
      (env) => env.state.sheets.filter((s) => !visibleOnly || s.visibility === 'Visible').length,
    );
  }
}

provideWorksheetProxies((context, objectPath, resolver, origin) => new SimWorksheet(context, objectPath, resolver, origin));
