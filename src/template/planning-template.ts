/**
 * The planning workbook template, built through the xlsx host from the add-in's own table models and layouts:
 * a Start here sheet, the Overview of CASHFLOW figures, the Plan sheet's page (the first Build grid replaces it), and the data sheets with empty tables that the first Load
 * fills in place. The pane opens with the file (the add-in's auto-open setting and the web-extension part). Reads
 * top to bottom: the sheets the add-in lays out, the empty tables, the pane, the file.
 */

import type { Language } from '../i18n/catalog';
import { XlsxWorkbookPort } from '../hosts/xlsx/xlsx-workbook-port';
import { newXlsxDocument, type XlsxDocument } from '../hosts/xlsx/xlsx-document';
import { writeSheetLayout } from '../hosts/xlsx/write-sheet-layout';
import { saveXlsxDocument } from '../hosts/xlsx/save-xlsx-document';
import { AUTO_SHOW_SETTING, type AddInManifest } from '../hosts/xlsx/web-extension-info';
import { templateAddIn } from './template-add-in';
import {
  ACCOUNTS_TABLE,
  BALANCE_HORIZONS,
  BALANCE_SUMMARY_TABLE,
  CATEGORIES_TABLE,
  FORECAST_BUDGETS_TABLE,
  INVOICES_TABLE,
  TRANSACTIONS_TABLE,
  tableSpec,
  type TableModel,
} from '../sync/tables';
import type { CoreRow } from '../sync/workbook-port';
import { AMOUNT_CELLS_SETTING, amountAreas, writeAmountAreas } from '../sync/workbook-layout/amount-cells';
import { overviewSheet } from '../sync/workbook-layout/overview-sheet';
import { startHereSheet } from '../sync/workbook-layout/start-here-sheet';
import { GRID_PLACEHOLDER_SETTING, gridPlaceholderSheet, placeholderSetting } from '../sync/plan-grid/grid-placeholder';

/** The tables the template holds, in sheet order (BalanceSummary and Accounts share the Accounts sheet). */
export const TEMPLATE_TABLES: readonly TableModel<unknown>[] = [
  TRANSACTIONS_TABLE,
  INVOICES_TABLE,
  FORECAST_BUDGETS_TABLE,
  CATEGORIES_TABLE,
  BALANCE_SUMMARY_TABLE,
  ACCOUNTS_TABLE,
] as readonly TableModel<never>[] as readonly TableModel<unknown>[];

export interface TemplateOptions {
  language: Language;
}

/** The template as a workbook in memory (the file is `saveTemplate`'s). */
export async function buildTemplate({ language }: TemplateOptions): Promise<XlsxDocument> {
  const document = newXlsxDocument();
  addLaidOutSheets(document, language);
  await addEmptyTables(document, language);
  openPaneWithFile(document);
  describeFile(document);
  return document;
}

/** The file: the workbook with the add-in's part naming the manifest (id and version) and holding the settings. */
/** `networkShare`: the catalog path the add-in is installed from, named besides the central and sideloaded stores. */
export async function saveTemplate(
  document: XlsxDocument,
  manifest: AddInManifest,
  options: { networkShare?: string } = {},
): Promise<Uint8Array> {
  return saveXlsxDocument(document, templateAddIn(manifest, options));
}

/**
 * Start here, the Overview and the Plan sheet's page; where the Overview holds amounts is remembered, for the company
 * currency later, and the page as written, so that the first Build grid knows it may replace it.
 */
function addLaidOutSheets(document: XlsxDocument, language: Language): void {
  writeSheetLayout(document.workbook, startHereSheet(language));
  const overview = overviewSheet(language);
  writeSheetLayout(document.workbook, overview);
  document.settings.set(AMOUNT_CELLS_SETTING, writeAmountAreas(amountAreas(overview)));
  const plan = gridPlaceholderSheet(language);
  writeSheetLayout(document.workbook, plan);
  document.settings.set(GRID_PLACEHOLDER_SETTING, placeholderSetting(plan));
}

/**
 * Each table as the add-in writes it, with no rows: header, formats, widths and in-cell lists, one blank row. The
 * balance summary has its five horizons already (figures empty): its size never changes, so the first Load fills it
 * without moving the Accounts table below it.
 */
async function addEmptyTables(document: XlsxDocument, language: Language): Promise<void> {
  const port = new XlsxWorkbookPort(document.workbook);
  for (const model of TEMPLATE_TABLES) await port.writeTable(tableSpec(model, { language }), templateRows(model));
}

/** The rows a template table starts with: none, or the balance summary's horizons. */
export function templateRows(model: TableModel<unknown>): CoreRow[] {
  return model === BALANCE_SUMMARY_TABLE ? BALANCE_HORIZONS.map((horizon) => ({ horizon, balance: null, limit: null })) : [];
}

function openPaneWithFile(document: XlsxDocument): void {
  document.settings.set(AUTO_SHOW_SETTING, true);
}

/** No person's name in the file's properties: the template is shared. The first sheet is the one shown. */
function describeFile(document: XlsxDocument): void {
  const workbook = document.workbook;
  workbook.creator = 'Cash-Flow Planner for Excel';
  workbook.lastModifiedBy = 'Cash-Flow Planner for Excel';
  workbook.views = [{ x: 0, y: 0, width: 20000, height: 12000, firstSheet: 0, activeTab: 0, visibility: 'visible' }];
}
