/**
 * "Empty the data tables": turns a working file into a template. Every table the add-in pulled keeps its header,
 * formats, widths and in-cell lists with one blank row (the user's columns keep their headers and formulas), the
 * stamps above them are cleared, the push baselines, the journal and the lists sheet are removed (a column listing from
 * that sheet loses its list with it) and the pull state is forgotten, so the
 * first Load of whoever opens the file fills the tables in place. The planning grids go too (#31: their sheets hold
 * the company's categories and figures): the forecast's Plan sheet becomes the template's page again, a scenario's
 * grid sheet is deleted. The workbook's connection (profile name and base URL, no secret) stays. Refused while changes
 * wait to be sent, or figures typed into a grid do: they would be lost.
 *
 * The order keeps a failure safe: the pull state goes first (a table still holding rows then only looks never
 * loaded, and its next Load is a full one), then the hidden sheets (no push compares against a removed baseline),
 * then the tables and their stamps.
 */

import { modelOf } from '../pull/pull-target';
import type { PullState, PullStateStore } from '../pull/pull-state';
import { BALANCE_SUMMARY_TABLE } from '../tables';
import { addinTableNames } from './share-check';
import type { AddinExtra, EmptiedTable, SharePort } from './share-port';
import type { Language } from '../../i18n/catalog';
import { gridPlaceholderSheet, placeholderSetting, storedGrids, type StoredGrid } from '../plan-grid/grid-placeholder';

export interface EmptyTablesDeps {
  port: SharePort;
  pullStates: PullStateStore;
  /** The language of the Plan page a grid's sheet becomes. */
  language: Language;
  /** Rows whose changes wait to be sent (pending budget edits); any refuses the emptying. */
  pendingRows(): Promise<number>;
  /** Figures typed into a planning grid and not sent; any refuses the emptying. */
  pendingGridFigures?(): Promise<number>;
}

export type EmptyTablesResult =
  | { status: 'refused'; pendingRows: number; pendingFigures: number }
  | {
      status: 'done';
      tables: EmptiedTable[];
      stampsCleared: number;
      sheetsRemoved: string[];
      statesCleared: number;
      grids: StoredGrid[];
      extras: AddinExtra[];
    };

export async function emptyDataTables(deps: EmptyTablesDeps): Promise<EmptyTablesResult> {
  const pendingRows = await deps.pendingRows();
  const pendingFigures = (await deps.pendingGridFigures?.()) ?? 0;
  if (pendingRows > 0 || pendingFigures > 0) return { status: 'refused', pendingRows, pendingFigures };
  const states = await deps.pullStates.list();
  for (const state of states) await deps.pullStates.remove(state.tableName);
  const sheetsRemoved = await deps.port.removeHiddenSheets();
  const { tables, stampsCleared } = await emptyTables(deps.port, states);
  const grids = await resetGrids(deps.port, deps.language);
  const extras = await removeExtras(deps.port);
  return { status: 'done', tables, stampsCleared, sheetsRemoved, statesCleared: states.length, grids, extras };
}

/** The Import table and the Analysis sheet the workbook holds, removed. */
async function removeExtras(port: SharePort): Promise<AddinExtra[]> {
  if (port.extras === undefined || port.removeExtra === undefined) return [];
  const extras = await port.extras();
  for (const extra of extras) await port.removeExtra(extra.kind);
  return extras;
}

/** Each planning grid's sheet given back: the forecast's becomes the template's page, a scenario's is deleted. */
async function resetGrids(port: SharePort, language: Language): Promise<StoredGrid[]> {
  if (port.resetPlanGrid === undefined) return [];
  const grids = storedGrids(await port.settings());
  const layout = gridPlaceholderSheet(language);
  for (const grid of grids)
    await port.resetPlanGrid(grid, grid.target.kind === 'forecast' ? { layout, setting: placeholderSetting(layout) } : undefined);
  return grids;
}

async function emptyTables(port: SharePort, states: readonly PullState[]): Promise<{ tables: EmptiedTable[]; stampsCleared: number }> {
  const tables: EmptiedTable[] = [];
  let stampsCleared = 0;
  for (const tableName of addinTableNames(states)) {
    const state = states.find((s) => same(s.tableName, tableName) || Object.keys(s.stamps ?? {}).some((name) => same(name, tableName)));
    const emptied = await port.emptyTable(tableName, pulledHeaders(tableName, state), listHeaders(tableName, state));
    if (emptied !== undefined) tables.push(emptied);
    const stamp = stampOf(state, tableName);
    if (stamp !== undefined && (await port.clearStamp(tableName, stamp))) stampsCleared += 1;
  }
  return { tables, stampsCleared };
}

/** The headers a pull writes into the table (the rest are the user's columns). */
export function pulledHeaders(tableName: string, state: PullState | undefined): string[] {
  const model = state === undefined ? undefined : modelOf(state.target);
  if (model !== undefined && same(model.tableName, tableName)) return model.columns.map((c) => c.header);
  if (same(BALANCE_SUMMARY_TABLE.tableName, tableName)) return BALANCE_SUMMARY_TABLE.columns.map((c) => c.header);
  return [];
}

/** The headers of the columns whose in-cell list picks from the lists sheet (the Transactions' Category). */
export function listHeaders(tableName: string, state: PullState | undefined): string[] {
  const model = state === undefined ? undefined : modelOf(state.target);
  if (model === undefined || !same(model.tableName, tableName)) return [];
  return model.columns.filter((c) => c.sheetList !== undefined).map((c) => c.header);
}

function stampOf(state: PullState | undefined, tableName: string): string | undefined {
  const entry = Object.entries(state?.stamps ?? {}).find(([name]) => same(name, tableName));
  return entry?.[1];
}

function same(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
