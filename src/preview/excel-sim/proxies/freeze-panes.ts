/**
 * `Excel.WorksheetFreezePanes` (`worksheet.freezePanes`, ExcelApi 1.7): `freezeRows(count)` / `freezeColumns(count)`
 * "freeze the top row or rows / first column or columns of the worksheet in place" (count default 1; 0 unfreezes
 * that direction, as the ExcelScript reference documents), `unfreeze()` removes all frozen panes,
 * `getLocationOrNullObject()` is the range of the frozen cells in the top-left pane (rows only: whole rows; columns
 * only: whole columns; both: the corner block), a null object when nothing is frozen. `freezeAt(address)` "sets the
 * frozen cells ...: the range provided corresponds to cells that will be frozen in the top- and left-most pane": the
 * rows above its end and the columns left of its end (an A1 address on the sheet; a Range argument is not modelled).
 */

import type { Supported } from './api-shape';
import { SimClientObject } from '../batch/client-object';
import { invalidArgument } from '../batch/errors';
import { MAX_COLUMNS, MAX_ROWS, parseLocalAddress } from '../model/address';
import type { SheetState } from '../model/sheet-state';
import type { WorkbookState } from '../model/workbook-state';
import type { RangeBinding, SheetBinding } from './bindings';
import { SimRange } from './range';
import type { ExecEnv } from './types';

type FreezeMembers = 'freezeAt' | 'freezeRows' | 'freezeColumns' | 'unfreeze' | 'getLocationOrNullObject';

function requireCount(count: number | undefined, max: number): number {
  const n = count ?? 1;
  if (!Number.isInteger(n) || n < 0 || n >= max) throw invalidArgument();
  return n;
}

/** The frozen block of the sheet, or null when nothing is frozen. */
export function frozenBox(sheet: SheetState): RangeBinding['box'] | null {
  const { rows, columns } = sheet.frozen;
  if (rows === 0 && columns === 0) return null;
  return { row: 0, column: 0, rowCount: rows === 0 ? MAX_ROWS : rows, columnCount: columns === 0 ? MAX_COLUMNS : columns };
}

export class SimWorksheetFreezePanes
  extends SimClientObject<SheetBinding, WorkbookState>
  implements Supported<Excel.WorksheetFreezePanes, FreezeMembers>
{
  protected readonly entityName = 'WorksheetFreezePanes';
  protected readonly scalarNames: readonly string[] = [];

  protected readProperties(): Record<string, unknown> {
    return {};
  }

  private static sheet(env: ExecEnv, b: SheetBinding): SheetState {
    return env.state.sheetById(b.sheetId);
  }

  freezeAt(frozenRange: string | Excel.Range): void {
    this.queue('Method', 'freezeAt', [frozenRange], (env, b) => {
      if (typeof frozenRange !== 'string') throw invalidArgument();
      const box = parseLocalAddress(frozenRange);
      const rows = box.row + box.rowCount;
      const columns = box.column + box.columnCount;
      if (rows >= MAX_ROWS || columns >= MAX_COLUMNS) throw invalidArgument();
      SimWorksheetFreezePanes.sheet(env, b).frozen = { rows, columns };
    });
  }

  freezeRows(count?: number): void {
    this.queue('Method', 'freezeRows', [count], (env, b) => {
      const sheet = SimWorksheetFreezePanes.sheet(env, b);
      sheet.frozen = { ...sheet.frozen, rows: requireCount(count, MAX_ROWS) };
    });
  }

  freezeColumns(count?: number): void {
    this.queue('Method', 'freezeColumns', [count], (env, b) => {
      const sheet = SimWorksheetFreezePanes.sheet(env, b);
      sheet.frozen = { ...sheet.frozen, columns: requireCount(count, MAX_COLUMNS) };
    });
  }

  unfreeze(): void {
    this.queue('Method', 'unfreeze', [], (env, b) => {
      SimWorksheetFreezePanes.sheet(env, b).frozen = { rows: 0, columns: 0 };
    });
  }

  getLocationOrNullObject(): SimRange {
    return new SimRange(
      this.context,
      `${this.objectPath}.getLocationOrNullObject()`,
      (env) => {
        const b = this.bindIn(env);
        if (b === null) return null;
        const box = frozenBox(SimWorksheetFreezePanes.sheet(env, b));
        return box === null ? null : { sheetId: b.sheetId, box };
      },
      'WorksheetFreezePanes.getLocationOrNullObject',
    );
  }
}
