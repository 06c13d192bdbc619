/**
 * How the custom functions reach the task pane's figures. In the shared runtime the task pane and the functions run
 * in one page (one global object) but are two bundles: they share no module. The pane publishes the figures of its
 * active connection in one slot on `globalThis` (a `Symbol.for` key, the same in both bundles); the functions read it
 * at every call. Only plain values, promises and errors with a `kind` cross over, never a class both would need.
 */

import type { Language } from '../i18n/catalog';

/** What a cell hands to a function: a number (dates are serials), text, a boolean, or null (empty, omitted). */
export type CellArgument = number | string | boolean | null | undefined;

/** A spilled table: the header row first, then one row per record. */
export type SpilledTable = (string | number | boolean)[][];

/** The figures of one connection, as the pane's engine gives them; rejections carry a `kind` and a message. */
export interface FigureSource {
  actuals(category: CellArgument, from: CellArgument, to: CellArgument, account?: CellArgument): Promise<number>;
  planned(category: CellArgument, from: CellArgument, to: CellArgument, scenario?: CellArgument): Promise<number>;
  balance(horizon?: CellArgument): Promise<number>;
  due(type: CellArgument, from?: CellArgument, to?: CellArgument, status?: CellArgument): Promise<number>;
  transactions(from: CellArgument, to: CellArgument, category?: CellArgument, account?: CellArgument): Promise<SpilledTable>;
  invoices(type?: CellArgument, status?: CellArgument): Promise<SpilledTable>;
  budgets(scenario?: CellArgument, from?: CellArgument, to?: CellArgument): Promise<SpilledTable>;
  categories(): Promise<SpilledTable>;
  accounts(): Promise<SpilledTable>;
}

export interface FigureLink {
  /** The active connection's figures; undefined while not connected. */
  source: FigureSource | undefined;
  /** The user's language (the pane's), for what the functions say themselves. */
  language: Language;
}

const SLOT = Symbol.for('cashflow-planner.figure-link');

type WithSlot = typeof globalThis & { [SLOT]?: FigureLink };

/** The page's one link, made on first use by whichever bundle runs first. */
export function figureLink(): FigureLink {
  const scope = globalThis as WithSlot;
  scope[SLOT] ??= { source: undefined, language: 'en' };
  return scope[SLOT];
}
