/**
 * The planning grid's sheet in Excel (#31): `PlanSheetPort` over Office.js. The core says what the cells hold
 * (`gridSheet`, src/sync/plan-grid/grid-sheet.ts); this writes them as a controller's report, in named steps:
 * find or add the sheet (a sheet of that name is taken only when it is empty, the stored grid with its labels where
 * they were written, or the template's page untouched: anything else is someone's data, refused, nothing changed) →
 * clear the previous grid → title, header, body (labels text-formatted before their values: category names are the
 * service's text) → number formats (amounts with thousands and negatives in red, the variance share as a
 * percentage) → the look (parents' rows grouped beneath them as Excel's outline, groups and the bottom lines bold, leaves indented by depth, input cells in the push's
 * input style, figures that did not land in its amber) → frozen header and label column, widths → the layout in a
 * document setting (`cashflow.grid.<table>`: ids, labels, figures; no secret) → the sheet shown. Reading gives the labels, month
 * cells and totals of the layout's rows, values as Excel holds them.
 */

import { cellText } from '../../sync/cell-text-limit';
import type { BudgetTarget } from '../../sync/push/service-row';
import {
  GRID_HEADER_ROW,
  GRID_PLACEHOLDER_SETTING,
  groupSpans,
  gridBudgetsTable,
  gridSettingKey,
  isGridPlaceholder,
  isStoredGrid,
  placeholderExtent,
  placeIn,
  PlanSheetInUseError,
  readPlaceholder,
  type GridSheet,
  type StoredGrid,
  type GridSheetLayout,
  type KeptFigure,
  type PlanSheetPort,
} from '../../sync/plan-grid';
import { CHANGED_FILL, CHANGED_FONT, INPUT_FILL, INPUT_FONT } from '../../sync/push/input-style-colours';
import type { CoreValue } from '../../sync/workbook-port';
import type { GridPage } from '../../sync/share/share-port';
import { topLeftOf } from './cell-address';
import { writePage } from './write-page';
import { runExcel, type ExcelSession } from './run-excel';

export const GRID_AMOUNT_FORMAT = '#,##0.00;[Red]-#,##0.00';
export const GRID_SHARE_FORMAT = '0.0%';
const GROUP_FILL = '#F2F2F2';
const HEADER_FILL = '#DDEBF7';
const LABEL_WIDTH = 220;
const FIGURE_WIDTH = 78;
/** Excel's standard row height for Calibri 11, in points. */
const STANDARD_ROW_HEIGHT = 15;

export class ExcelPlanSheet implements PlanSheetPort {
  async layout(target: BudgetTarget): Promise<GridSheetLayout | undefined> {
    return runExcel(async (session) => storedLayout(session, target));
  }

  async write(sheet: GridSheet, kept: readonly KeptFigure[]): Promise<void> {
    await runExcel(async (session) => {
      const name = gridBudgetsTable(sheet.layout.target).sheetName;
      const target = await sheetFor(session, name, sheet.layout.target);
      session.suspendForNextSync();
      writeCells(target, sheet, sheet.title);
      formatCells(target, sheet);
      markCells(target, sheet, kept);
      groupRows(target, sheet);
      session.context.workbook.settings.add(gridSettingKey(sheet.layout.target), JSON.stringify(sheet.layout));
      target.activate();
      await session.sync();
    });
  }

  async watchSelection(target: BudgetTarget, onCell: (row: number, month: number) => void): Promise<() => Promise<void>> {
    const name = gridBudgetsTable(target).sheetName;
    const registration = await runExcel(async (session) => {
      const result = session.context.workbook.worksheets.getItem(name).onSelectionChanged.add(async (args) => {
        const cell = topLeftOf(args.address);
        if (cell === undefined) return;
        onCell(cell.row - GRID_HEADER_ROW - 1, cell.column - 1);
      });
      await session.sync();
      return result;
    });
    return async () => {
      await Excel.run(registration.context, async (context) => {
        registration.remove();
        await context.sync();
      });
    };
  }

  async fill(layout: GridSheetLayout, row: number, fromMonth: number, cents: readonly number[]): Promise<void> {
    if (row < 0 || row >= layout.rows.length || fromMonth < 0 || fromMonth + cents.length > layout.months.length)
      throw new RangeError('The cells are outside the grid.');
    await runExcel(async (session) => {
      const range = session.context.workbook.worksheets
        .getItem(gridBudgetsTable(layout.target).sheetName)
        .getRangeByIndexes(GRID_HEADER_ROW + 1 + row, 1 + fromMonth, 1, cents.length);
      range.numberFormat = [cents.map(() => GRID_AMOUNT_FORMAT)];
      range.values = [cents.map((c) => c / 100)];
      range.format.fill.color = CHANGED_FILL;
      range.format.font.color = CHANGED_FONT;
      await session.sync();
    });
  }

  async read(layout: GridSheetLayout): Promise<CoreValue[][]> {
    return runExcel(async (session) => {
      const name = gridBudgetsTable(layout.target).sheetName;
      const range = session.context.workbook.worksheets
        .getItem(name)
        .getRangeByIndexes(GRID_HEADER_ROW + 1, 0, layout.rows.length, 2 + layout.months.length);
      range.load('values');
      await session.sync();
      return (range.values as unknown[][]).map((row) => row.map((v) => (v === '' || v === undefined ? null : (v as CoreValue))));
    });
  }
}

async function storedLayout(session: ExcelSession, target: BudgetTarget): Promise<GridSheetLayout | undefined> {
  const setting = session.context.workbook.settings.getItemOrNullObject(gridSettingKey(target));
  setting.load('value');
  await session.sync();
  if (setting.isNullObject || typeof setting.value !== 'string') return undefined;
  try {
    const layout = JSON.parse(setting.value) as GridSheetLayout;
    return layout.version === 1 ? layout : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The grid's sheet, added when missing; the previous grid cleared. A sheet of that name is taken only when it holds
 * nothing, the stored grid or the template's page untouched (`takeSheet`); anything else is refused, nothing changed.
 */
async function sheetFor(session: ExcelSession, name: string, target: BudgetTarget): Promise<Excel.Worksheet> {
  const found = session.context.workbook.worksheets.getItemOrNullObject(name);
  const layout = await storedLayout(session, target);
  if (found.isNullObject) {
    const sheet = session.context.workbook.worksheets.add(name);
    sheet.freezePanes.freezeAt(`A1:A${GRID_HEADER_ROW + 1}`);
    return sheet;
  }
  const held = await takeSheet(session, found, name, layout);
  // The previous grid's row groups, innermost first: clearing cells leaves an outline as it is.
  if (layout !== undefined && held.kind !== 'page')
    for (const span of groupSpans(layout.rows).reverse()) rowsOf(found, span).ungroup('ByRows');
  // The page's paragraph rows were made tall; clearing cells leaves row heights as they are.
  if (held.kind === 'page') found.getRangeByIndexes(0, 0, held.rows, 1).format.rowHeight = STANDARD_ROW_HEIGHT;
  if (held.kind !== 'grid') found.freezePanes.freezeAt(`A1:A${GRID_HEADER_ROW + 1}`);
  found.getRange().clear('All');
  return found;
}

type HeldSheet = { kind: 'empty' } | { kind: 'grid' } | { kind: 'page'; rows: number };

/**
 * What a sheet of the grid's name holds, when the grid may take it: nothing; the stored grid (each layout row's label
 * where it was written: a user who deleted the grid and made a sheet of this name has their own data there); or the
 * template's page untouched (its setting is removed with the write; answers the page's rows). Anything else is
 * someone's data: refused. The page's values are read only when the used range fits in its cells: a big sheet is
 * refused unread; the grid's check reads its label column alone.
 */
async function takeSheet(
  session: ExcelSession,
  sheet: Excel.Worksheet,
  name: string,
  layout: GridSheetLayout | undefined,
): Promise<HeldSheet> {
  const used = sheet.getUsedRangeOrNullObject(true);
  used.load(['rowIndex', 'columnIndex', 'rowCount', 'columnCount']);
  const setting = session.context.workbook.settings.getItemOrNullObject(GRID_PLACEHOLDER_SETTING);
  setting.load('value');
  const labels = layout && sheet.getRangeByIndexes(GRID_HEADER_ROW + 1, 0, layout.rows.length, 1);
  labels?.load('values');
  await session.sync();
  if (used.isNullObject) return { kind: 'empty' };
  const labelColumn = (labels?.values as unknown[][] | undefined)?.map((row) => row[0] as CoreValue);
  if (layout && labelColumn && isStoredGrid(layout, labelColumn)) return { kind: 'grid' };
  const page = readPlaceholder(setting.isNullObject ? null : setting.value);
  const extent = page && placeholderExtent(page);
  if (extent === undefined || used.rowIndex + used.rowCount > extent.rows || used.columnIndex + used.columnCount > extent.columns)
    throw new PlanSheetInUseError(name);
  used.load('values');
  await session.sync();
  const cells = (used.values as unknown[][]).flatMap((row, r) =>
    row.flatMap((value, c) =>
      value === '' || value === null ? [] : [{ row: used.rowIndex + r + 1, column: used.columnIndex + c + 1, value: String(value) }],
    ),
  );
  if (!isGridPlaceholder(page, name, cells)) throw new PlanSheetInUseError(name);
  setting.delete();
  return { kind: 'page', rows: extent.rows };
}

/** The sheet rows of a span of layout rows. */
function rowsOf(sheet: Excel.Worksheet, span: { from: number; count: number }): Excel.Range {
  const first = GRID_HEADER_ROW + 2 + span.from;
  return sheet.getRange(`${first}:${first + span.count - 1}`);
}

/** Each parent's rows grouped beneath it (Excel's outline), so a planner folds a parent to its subtotal. */
function groupRows(sheet: Excel.Worksheet, grid: GridSheet): void {
  for (const span of groupSpans(grid.layout.rows)) rowsOf(sheet, span).group('ByRows');
}

function writeCells(sheet: Excel.Worksheet, grid: GridSheet, title: string): void {
  const width = grid.header.length;
  const titleCell = sheet.getRange('A1');
  titleCell.numberFormat = [['@']];
  titleCell.values = [[cellText(title)]];
  titleCell.format.font.bold = true;
  titleCell.format.font.size = 14;
  const header = sheet.getRangeByIndexes(GRID_HEADER_ROW, 0, 1, width);
  header.numberFormat = [grid.header.map(() => '@')];
  header.values = [grid.header.map((v) => (typeof v === 'string' ? cellText(v) : (v ?? '')))];
  const labels = sheet.getRangeByIndexes(GRID_HEADER_ROW + 1, 0, grid.body.length, 1);
  labels.numberFormat = grid.body.map(() => ['@']);
  const body = sheet.getRangeByIndexes(GRID_HEADER_ROW + 1, 0, grid.body.length, width);
  // Labels are the service's category names: text, and never longer than a cell holds.
  body.values = grid.body.map((row) => row.map((v) => (typeof v === 'string' ? cellText(v) : (v ?? ''))));
}

function formatCells(sheet: Excel.Worksheet, grid: GridSheet): void {
  const months = grid.layout.months.length;
  const rows = grid.body.length;
  const first = GRID_HEADER_ROW + 1;
  sheet.getRangeByIndexes(first, 1, rows, months + 1).numberFormat = grid.body.map(() =>
    Array.from({ length: months + 1 }, () => GRID_AMOUNT_FORMAT),
  );
  sheet.getRangeByIndexes(first, months + 3, rows, 3).numberFormat = grid.body.map(() => [
    GRID_AMOUNT_FORMAT,
    GRID_AMOUNT_FORMAT,
    GRID_AMOUNT_FORMAT,
  ]);
  sheet.getRangeByIndexes(first, months + 6, rows, 1).numberFormat = grid.body.map(() => [GRID_SHARE_FORMAT]);
  const header = sheet.getRangeByIndexes(GRID_HEADER_ROW, 0, 1, grid.header.length);
  header.format.font.bold = true;
  header.format.fill.color = HEADER_FILL;
  sheet.getRangeByIndexes(GRID_HEADER_ROW, 1, 1, grid.header.length - 1).format.horizontalAlignment = 'Right';
  grid.layout.rows.forEach((row, r) => {
    const line = sheet.getRangeByIndexes(first + r, 0, 1, grid.header.length);
    if (row.kind !== 'leaf') line.format.font.bold = true;
    if (row.kind === 'group') line.format.fill.color = GROUP_FILL;
    if (row.depth > 0) sheet.getRangeByIndexes(first + r, 0, 1, 1).format.indentLevel = Math.min(row.depth, 15);
  });
  sheet.getRangeByIndexes(0, 0, 1, 1).format.columnWidth = LABEL_WIDTH;
  sheet.getRangeByIndexes(0, 1, 1, grid.header.length - 1).format.columnWidth = FIGURE_WIDTH;
}

/** Input cells in the push's input style; a figure that did not land over its cell, in amber. */
function markCells(sheet: Excel.Worksheet, grid: GridSheet, kept: readonly KeptFigure[]): void {
  const first = GRID_HEADER_ROW + 1;
  grid.layout.editable.forEach((cells, r) => {
    const from = cells.indexOf(true);
    if (from < 0) return;
    const count = cells.lastIndexOf(true) - from + 1;
    const format = sheet.getRangeByIndexes(first + r, 1 + from, 1, count).format;
    format.fill.color = INPUT_FILL;
    format.font.color = INPUT_FONT;
  });
  for (const figure of kept) {
    // On whichever row it was typed: a leaf's, a parent's, a computed one (its month or its Total).
    const at = placeIn(grid.layout, figure);
    if (at === undefined) continue;
    const cell = sheet.getRangeByIndexes(first + at.row, at.column, 1, 1);
    if (typeof figure.typed === 'string') cell.numberFormat = [['@']];
    cell.values = [[figure.typed ?? '']];
    cell.format.fill.color = CHANGED_FILL;
    cell.format.font.color = CHANGED_FONT;
  }
}

/**
 * "Empty the data tables" (#31): a grid's sheet given back. With `page` (the forecast's Plan sheet) the grid's outline
 * is undone, the sheet cleared and unfrozen and the template's page written, with the setting that lets the next Build
 * grid replace it; without (a scenario's) the sheet is deleted. The grid's layout setting goes either way; one sync.
 */
export async function resetPlanSheet(grid: StoredGrid, page: GridPage | undefined): Promise<void> {
  await runExcel(async (session) => {
    const { workbook } = session.context;
    const sheet = workbook.worksheets.getItemOrNullObject(grid.sheet);
    const setting = workbook.settings.getItemOrNullObject(gridSettingKey(grid.target));
    const layout = await storedLayout(session, grid.target);
    if (!sheet.isNullObject && page === undefined) sheet.delete();
    else if (!sheet.isNullObject && page !== undefined) {
      for (const span of groupSpans(layout?.rows ?? []).reverse()) rowsOf(sheet, span).ungroup('ByRows');
      sheet.freezePanes.unfreeze();
      sheet.getRange().clear('All');
      writePage(sheet, page.layout);
      workbook.settings.add(GRID_PLACEHOLDER_SETTING, page.setting);
    } else if (page !== undefined) {
      // The grid's sheet was deleted (a way to drop figures not sent): the template's page comes back on a new one.
      writePage(workbook.worksheets.add(grid.sheet), page.layout);
      workbook.settings.add(GRID_PLACEHOLDER_SETTING, page.setting);
    }
    if (!setting.isNullObject) setting.delete();
    await session.sync();
  });
}
