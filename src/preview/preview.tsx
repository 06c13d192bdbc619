/**
 * The preview page's entry: opens the workbook saved in this browser (before the pane starts) with the custom
 * functions' metadata, installs the simulation as this window's `Excel` / `OfficeExtension` / `CustomFunctions` (the
 * page's console can run Excel.run too), exposes `window.cashflowPreview` and renders the page. A restored workbook's
 * formulas call their custom functions again once the pane's functions.js has associated them (results are not saved).
 */

import { FluentProvider, Spinner, webDarkTheme, webLightTheme } from '@fluentui/react-components';
import { createRoot } from 'react-dom/client';
import { translate } from '../i18n/translate';
import type { CashflowPreview } from './cashflow-preview';
import { createSimulatedWorkbook, installExcelSimulation } from './excel-sim';
import { loadFunctionsMetadata } from './functions-metadata';
import type { WebExtensionInfo } from '../hosts/xlsx/web-extension-info';
import { planningAddIn } from '../template/template-add-in';
import type { FileToOpen } from './file-menu';
import { servedManifest } from './workbook-file/served-manifest';
import { PreviewPage } from './preview-page';
import { readPreviewOptions } from './preview-options';
import { createSignal } from './signal';
import { startAutosave, type SaveState, type SaveWork } from './workbook-autosave';
import { openWorkbookStore } from './workbook-store';
import { excelLocale } from './workbook-view/cell-display';
import { cellText } from './workbook-view/cell-text';

async function main(): Promise<void> {
  const options = readPreviewOptions(location.search);
  document.documentElement.lang = options.language;
  document.title = translate(options.language, 'preview.title');
  const container = document.getElementById('root');
  if (!container) throw new Error('preview.html has no #root');
  const root = createRoot(container);
  root.render(
    <FluentProvider theme={options.theme === 'dark' ? webDarkTheme : webLightTheme} className="preview-root">
      <Spinner label={translate(options.language, 'preview.loading')} />
    </FluentProvider>,
  );

  // Every sync gives the page's thread back, as a round trip to real Excel does (see syncYield).
  const workbook = createSimulatedWorkbook({ syncYield: 'task' });
  const metadata = loadFunctionsMetadata(workbook);
  // The store's stretches of saving (building and cloning the chunks), with the autosave's own: `saveWork()`.
  const storeWork: SaveWork[] = [];
  const store = openWorkbookStore(indexedDB, (work) => storeWork.push(work));
  let restoreProblem: string | undefined;
  try {
    const saved = await store.load();
    if (saved) workbook.restore(saved);
  } catch (error) {
    restoreProblem = error instanceof Error ? error.message : String(error);
  }
  await metadata;
  const { globals } = installExcelSimulation(window, workbook);
  const saveState = createSignal<SaveState>({ kind: 'saved' });
  const paneGeneration = createSignal(0);
  const autosave = startAutosave(workbook, store, (state) => saveState.set(state));

  const reset = async (): Promise<void> => {
    workbook.restore(createSimulatedWorkbook().snapshot());
    await autosave.flush();
    paneGeneration.set(paneGeneration.get() + 1);
  };
  // The file last opened: its name (a template's becomes the working file's) and its add-in part, kept for Download.
  let fileName = 'cashflow-planning.xlsx';
  let addIn: WebExtensionInfo | null = null;
  const openFile = async (file: FileToOpen): Promise<void> => {
    const { openWorkbookFile } = await import('./workbook-file/workbook-file');
    const manifest = await servedManifest().catch(() => undefined);
    const opened = await openWorkbookFile(await file.bytes(), manifest?.id);
    workbook.restore(opened.snapshot);
    addIn = opened.addIn;
    fileName = file.name.replace(/^cashflow-planning-template(?:-\w\w)?\.xlsx$/i, 'cashflow-planning.xlsx');
    await autosave.flush();
    paneGeneration.set(paneGeneration.get() + 1);
  };
  const download = async (): Promise<void> => {
    const { workbookFileBytes } = await import('./workbook-file/workbook-file');
    addIn ??= planningAddIn(await servedManifest());
    saveDownload(fileName, await workbookFileBytes(workbook.snapshot(), addIn));
  };
  const preview: CashflowPreview = {
    globals,
    workbook,
    cellText: (sheetName, row, col) => cellText(workbook, sheetName, row, col, excelLocale(options.language)),
    cellColors: (sheetName, row, col) =>
      workbook.sheetNames().some((name) => name.toLowerCase() === sheetName.toLowerCase()) ? workbook.cellColors(sheetName, row, col) : {},
    tableRowCount: (tableName) => workbook.tableLayouts().find((t) => t.name.toLowerCase() === tableName.toLowerCase())?.dataRowCount,
    reset,
    saved: () => autosave.saved(),
    saveWork: () => [...autosave.work(), ...storeWork],
  };
  window.cashflowPreview = preview;

  root.render(
    <PreviewPage
      workbook={workbook}
      globals={globals}
      options={options}
      saveState={saveState}
      paneGeneration={paneGeneration}
      onReset={reset}
      onOpenFile={openFile}
      onDownload={download}
      {...(restoreProblem === undefined ? {} : { restoreProblem })}
    />,
  );
}

/** Hands the bytes to the browser as a download named `name`. */
function saveDownload(name: string, bytes: Uint8Array): void {
  const url = URL.createObjectURL(
    new Blob([bytes.slice().buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

void main();
