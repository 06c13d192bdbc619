/** `Excel.Worksheet` and `Excel.WorksheetCollection`. Worksheets bind to the sheet's id, so a rename keeps them valid. */

import { MAX_COLUMNS, MAX_ROWS, parseLocalAddress, splitSheet, checkInGrid } from './address';
import type { Named, Supported } from './api-shape';
import { SimClientObject, type ActionQueue, type ExecEnv, type SimClientResult } from './client-object';
import { invalidArgument, itemNotFound } from './errors';
import { selectItems, splitCollectionSelect } from './load-options';
import { SimRange, type RangeBinding } from './range';
import type { SheetState, Visibility } from './sheet-state';
import { SimTableCollection } from './table-collection';

export interface SheetBinding {
  sheetId: string;
}

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
  | 'load'
  | 'isNullObject';

export class SimWorksheet
  extends SimClientObject<SheetBinding>
  implements Supported<Excel.Worksheet, WorksheetMembers>, Named<Excel.Worksheet, 'tables'>
{
  protected readonly entityName = 'Worksheet';
  protected readonly scalarNames = WORKSHEET_PROPERTIES;

  constructor(context: ActionQueue, objectPath: string, resolver: (env: ExecEnv) => SheetBinding | null) {
    super(context, objectPath, resolver);
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

  /** @internal fills a proxy created from a collection load */
  preload(values: Record<string, unknown>): void {
    this.applyLoaded(values);
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

  get tables(): SimTableCollection {
    return new SimTableCollection(this.context, `${this.objectPath}.tables`, (env) => this.bindIn(env));
  }

  private range(name: string, args: unknown[], box: (env: ExecEnv, sheet: SheetState) => RangeBinding | null): SimRange {
    return new SimRange(this.context, `${this.objectPath}.${name}(${args.map((a) => JSON.stringify(a) ?? 'undefined').join(',')})`, (env) => {
      const b = this.bindIn(env);
      return b === null ? null : box(env, SimWorksheet.sheet(env, b));
    });
  }

  /** `getRange()` is the whole sheet; an address may name this sheet (`Data!A1:B2`), not another one. */
  getRange(address?: string): SimRange {
    return this.range('getRange', address === undefined ? [] : [address], (_env, sheet) => {
      if (address === undefined || address === '') return { sheetId: sheet.id, box: { row: 0, column: 0, rowCount: MAX_ROWS, columnCount: MAX_COLUMNS } };
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

  delete(): void {
    this.queue('Method', 'delete', [], (env, b) => env.state.deleteSheet(SimWorksheet.sheet(env, b)));
  }

  activate(): void {
    this.queue('Method', 'activate', [], (env, b) => env.state.activate(SimWorksheet.sheet(env, b)));
  }
}

type WorksheetCollectionMembers = 'add' | 'getItem' | 'getItemOrNullObject' | 'getActiveWorksheet' | 'getCount' | 'getFirst' | 'load';

export class SimWorksheetCollection
  extends SimClientObject<true>
  implements Supported<Excel.WorksheetCollection, WorksheetCollectionMembers>, Named<Excel.WorksheetCollection, 'items'>
{
  protected readonly entityName = 'WorksheetCollection';
  protected readonly scalarNames = ['items'] as const;
  private loadedItems: SimWorksheet[] | undefined;

  constructor(context: ActionQueue, objectPath: string) {
    super(context, objectPath, () => true);
  }

  private child(name: string, args: unknown[], resolve: (env: ExecEnv) => SheetBinding | null): SimWorksheet {
    return new SimWorksheet(this.context, `${this.objectPath}.${name}(${args.map((a) => JSON.stringify(a) ?? 'undefined').join(',')})`, resolve);
  }

  protected readProperties(env: ExecEnv, _b: true, select: readonly string[]): Record<string, unknown> {
    const { items } = splitCollectionSelect([...select], []);
    return {
      _ids: env.state.sheets.map((sheet) => sheet.id),
      items: selectItems(
        items,
        WORKSHEET_PROPERTIES,
        env.state.sheets.map((sheet, position) => ({ id: sheet.id, name: sheet.name, position, visibility: sheet.visibility })),
        'Worksheet',
      ),
    };
  }

  /** Collections accept any item property in `load` ('name', 'items/name'); checked in readProperties. */
  protected override checkSelect(select: readonly string[] | undefined): readonly string[] {
    return select ?? ['items'];
  }

  protected override applyLoaded(values: Record<string, unknown>): void {
    const items = (values.items as Array<Record<string, unknown>>) ?? [];
    const ids = (values._ids as string[]) ?? [];
    this.loadedItems = items.map((item, i) => {
      const id = ids[i] ?? '';
      const sheet = new SimWorksheet(this.context, `${this.objectPath}.items[${JSON.stringify(id)}]`, (env) => {
        const found = id === '' ? undefined : env.state.sheets.find((s) => s.id === id);
        if (!found) throw itemNotFound();
        return { sheetId: found.id };
      });
      sheet.preload(item);
      return sheet;
    });
    this.remember('items', this.loadedItems);
  }

  get items(): SimWorksheet[] {
    return this.read('items');
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

  getCount(visibleOnly?: boolean): SimClientResult<number> {
    return this.queueResult('getCount', [visibleOnly], (env) =>
      env.state.sheets.filter((s) => !visibleOnly || s.visibility === 'Visible').length,
    );
  }
}
