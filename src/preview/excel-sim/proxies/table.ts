/** `Excel.Table`. Tables bind to their id, so renaming keeps a proxy valid. */

import { parseLocalAddress, splitSheet } from '../model/address';
import type { Named, Supported } from './api-shape';
import { SimClientObject } from '../batch/client-object';
import type { WorkbookState } from '../model/workbook-state';
import type { AnyProxy, ExecEnv } from './types';
import { invalidArgument, invalidOperation, itemNotFound, SimError } from '../batch/errors';
import { tableOf, type RangeBinding, type TableBinding } from './bindings';
import { SimRange } from './range';
import { SimTableColumnCollection } from './table-columns';
import { SimTableRowCollection } from './table-rows';
import {
  checkTableName,
  dataBox,
  deleteTable,
  headerBox,
  removeTable,
  resizeTable,
  checkTableStyle,
  setShowHeaders,
  setShowTotals,
  totalsBox,
} from '../model/table-state';
import type { TableState } from '../model/types';
import { makeWorksheetProxy, type WorksheetProxy } from './worksheet-proxy';

export const TABLE_PROPERTIES = [
  'id',
  'name',
  'showHeaders',
  'showTotals',
  'style',
  'showBandedRows',
  'showBandedColumns',
  'showFilterButton',
  'highlightFirstColumn',
  'highlightLastColumn',
  'legacyId',
] as const;

export function tableProperties(_env: ExecEnv, t: TableState): Record<string, unknown> {
  return {
    id: t.id,
    name: t.name,
    showHeaders: t.showHeaders,
    showTotals: t.showTotals,
    style: t.style,
    showBandedRows: t.showBandedRows,
    showBandedColumns: t.showBandedColumns,
    showFilterButton: t.showFilterButton,
    highlightFirstColumn: t.highlightFirstColumn,
    highlightLastColumn: t.highlightLastColumn,
    // The simulation's table ids are already the numeric ids ExcelApi 1.1 used (legacyId, as a string).
    legacyId: t.id,
  };
}

type DisplayFlag = 'showBandedRows' | 'showBandedColumns' | 'showFilterButton' | 'highlightFirstColumn' | 'highlightLastColumn';

function requireBoolean(value: unknown): boolean {
  if (typeof value !== 'boolean') throw invalidArgument();
  return value;
}

type TableMembers =
  | 'id'
  | 'name'
  | 'showHeaders'
  | 'showTotals'
  | 'style'
  | 'showBandedRows'
  | 'showBandedColumns'
  | 'showFilterButton'
  | 'highlightFirstColumn'
  | 'highlightLastColumn'
  | 'legacyId'
  | 'getTotalRowRange'
  | 'getRange'
  | 'getHeaderRowRange'
  | 'getDataBodyRange'
  | 'resize'
  | 'delete'
  | 'convertToRange'
  | 'load'
  | 'isNullObject';

const TABLE_NAVIGATION: readonly string[] = ['rows', 'columns', 'worksheet'];

export class SimTable
  extends SimClientObject<TableBinding, WorkbookState>
  implements Supported<Excel.Table, TableMembers>, Named<Excel.Table, 'rows' | 'columns' | 'worksheet'>
{
  protected readonly entityName = 'Table';
  protected readonly scalarNames = TABLE_PROPERTIES;
  protected override readonly navigationNames = TABLE_NAVIGATION;
  private rowsProxy: SimTableRowCollection | undefined;
  private columnsProxy: SimTableColumnCollection | undefined;
  private worksheetProxy: WorksheetProxy | undefined;

  protected override navigation(name: string): AnyProxy {
    if (name === 'rows') return this.rows;
    if (name === 'columns') return this.columns;
    if (name === 'worksheet') return this.worksheet;
    return super.navigation(name);
  }

  protected readProperties(env: ExecEnv, b: TableBinding, select: readonly string[]): Record<string, unknown> {
    const all = tableProperties(env, tableOf(env, b));
    return Object.fromEntries(select.map((n) => [n, all[n]]));
  }

  get id(): string {
    return this.read('id');
  }
  get name(): string {
    return this.read('name');
  }
  set name(value: string) {
    this.setProperty('name', value, (env, b) => {
      const t = tableOf(env, b);
      checkTableName(env.state, value, t);
      t.name = value;
    });
  }
  get showHeaders(): boolean {
    return this.read('showHeaders');
  }
  set showHeaders(value: boolean) {
    this.setProperty('showHeaders', value, (env, b) => setShowHeaders(env.state, tableOf(env, b), value === true));
  }

  get showTotals(): boolean {
    return this.read('showTotals');
  }
  /** A totals row below the data body (see setShowTotals in model/table-state.ts). */
  set showTotals(value: boolean) {
    this.setProperty('showTotals', value, (env, b) => setShowTotals(env.state, tableOf(env, b), requireBoolean(value)));
  }
  get style(): string {
    return this.read('style');
  }
  /** A built-in style name (`TableStyleLight1`..21, `Medium1`..28, `Dark1`..11); others fail with InvalidArgument. */
  set style(value: string) {
    this.setProperty('style', value, (env, b) => {
      tableOf(env, b).style = checkTableStyle(value);
    });
  }
  get showBandedRows(): boolean {
    return this.read('showBandedRows');
  }
  set showBandedRows(value: boolean) {
    this.setFlag('showBandedRows', value);
  }
  get showBandedColumns(): boolean {
    return this.read('showBandedColumns');
  }
  set showBandedColumns(value: boolean) {
    this.setFlag('showBandedColumns', value);
  }
  get showFilterButton(): boolean {
    return this.read('showFilterButton');
  }
  set showFilterButton(value: boolean) {
    this.setFlag('showFilterButton', value);
  }
  get highlightFirstColumn(): boolean {
    return this.read('highlightFirstColumn');
  }
  set highlightFirstColumn(value: boolean) {
    this.setFlag('highlightFirstColumn', value);
  }
  get highlightLastColumn(): boolean {
    return this.read('highlightLastColumn');
  }
  set highlightLastColumn(value: boolean) {
    this.setFlag('highlightLastColumn', value);
  }
  get legacyId(): string {
    return this.read('legacyId');
  }

  private setFlag(name: DisplayFlag, value: boolean): void {
    this.setProperty(name, value, (env, b) => {
      tableOf(env, b)[name] = requireBoolean(value);
    });
  }

  /** Navigation properties: the same proxy on every access (office.js caches them). */
  get rows(): SimTableRowCollection {
    this.rowsProxy ??= new SimTableRowCollection(this.context, `${this.objectPath}.rows`, (env) => this.bindIn(env), 'Table.rows');
    return this.rowsProxy;
  }
  get columns(): SimTableColumnCollection {
    this.columnsProxy ??= new SimTableColumnCollection(
      this.context,
      `${this.objectPath}.columns`,
      (env) => this.bindIn(env),
      'Table.columns',
    );
    return this.columnsProxy;
  }
  get worksheet(): WorksheetProxy {
    this.worksheetProxy ??= makeWorksheetProxy(
      this.context,
      `${this.objectPath}.worksheet`,
      (env) => {
        const b = this.bindIn(env);
        return b === null ? null : { sheetId: tableOf(env, b).sheetId };
      },
      'Table.worksheet',
    );
    return this.worksheetProxy;
  }

  private range(name: string, pick: (t: TableState) => RangeBinding): SimRange {
    return new SimRange(
      this.context,
      `${this.objectPath}.${name}()`,
      (env) => {
        const b = this.bindIn(env);
        return b === null ? null : pick(tableOf(env, b));
      },
      `Table.${name}`,
    );
  }

  getRange(): SimRange {
    return this.range('getRange', (t) => ({ sheetId: t.sheetId, box: { ...t.box } }));
  }

  /** Fails at sync (InvalidOperation) when the header row is hidden. */
  getHeaderRowRange(): SimRange {
    return this.range('getHeaderRowRange', (t) => {
      const box = headerBox(t);
      if (!box) throw invalidOperation();
      return { sheetId: t.sheetId, box };
    });
  }

  /** Fails at sync (InvalidOperation) when the totals row is not shown (assumption, as for the header row). */
  getTotalRowRange(): SimRange {
    return this.range('getTotalRowRange', (t) => {
      const box = totalsBox(t);
      if (!box) throw invalidOperation();
      return { sheetId: t.sheetId, box };
    });
  }

  getDataBodyRange(): SimRange {
    return this.range('getDataBodyRange', (t) => ({ sheetId: t.sheetId, box: dataBox(t) }));
  }

  /** New range: same sheet and same top-left cell (Excel keeps the header row where it is). */
  resize(newRange: SimRange | Excel.Range | string): void {
    const arg = newRange instanceof SimRange ? newRange.objectPath : newRange;
    this.queue('Method', 'resize', [arg], (env, b) => {
      const t = tableOf(env, b);
      if (newRange instanceof SimRange) {
        if (newRange.context !== this.context)
          throw new SimError('InvalidRequestContext', 'Cannot use the object across different request contexts.');
        const rb = newRange.bindIn(env);
        if (rb === null) throw invalidArgument();
        resizeTable(env.state, t, rb.sheetId, rb.box);
        return;
      }
      if (typeof newRange !== 'string') throw invalidArgument();
      const { sheet, local } = splitSheet(newRange);
      const sheetId = sheet === undefined ? t.sheetId : env.state.sheet(sheet).id;
      resizeTable(env.state, t, sheetId, parseLocalAddress(local));
    });
  }

  delete(): void {
    this.queue('Method', 'delete', [], (env, b) => deleteTable(env.state, tableOf(env, b)));
  }

  /**
   * ExcelApi 1.2: the table stops being a table; its cells (values, formulas, number formats) stay. Returns the
   * range it covered. Structured references to it are not rewritten (they give `#REF!`; Excel rewrites them to
   * A1 references).
   */
  convertToRange(): SimRange {
    let converted: RangeBinding | undefined;
    this.queue('Method', 'convertToRange', [], (env, b) => {
      const t = tableOf(env, b);
      converted = { sheetId: t.sheetId, box: { ...t.box } };
      removeTable(env.state, t);
    });
    return new SimRange(
      this.context,
      `${this.objectPath}.convertToRange()`,
      () => {
        if (!converted) throw itemNotFound();
        return converted;
      },
      'Table.convertToRange',
    );
  }
}
