/**
 * The preview page: the simulated workbook (sheet tabs, grid, status bar) on the left, the real task pane in an
 * iframe on the right, a toolbar (preview-toolbar.tsx) to switch the theme, widen the pane, open and download files
 * and reset the workbook.
 */

import { FluentProvider, MessageBar, MessageBarBody, MessageBarTitle, webDarkTheme, webLightTheme } from '@fluentui/react-components';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MessageKey } from '../i18n/catalog';
import { translate, type MessageParams } from '../i18n/translate';
import { ValidationRefusal, type ExcelSimulationGlobals, type SimulatedWorkbook } from './excel-sim';
import { paneUrl, type PreviewOptions, type PreviewTheme } from './preview-options';
import type { FileToOpen } from './file-menu';
import { PANE_WIDTHS, PreviewToolbar } from './preview-toolbar';
import { TEMPLATE_FILES } from '../template/template-files';
import { useSignal, type Signal } from './signal';
import type { SaveState } from './workbook-autosave';
import { excelLocale } from './workbook-view/cell-display';
import { cellEditText } from './workbook-view/cell-edit-text';
import { cellErrorText } from './workbook-view/cell-error';
import { columnName } from './workbook-view/column-name';
import { FormulaBar } from './workbook-view/formula-bar';
import { gridPalette } from './workbook-view/grid-theme';
import { SheetTabs } from './workbook-view/sheet-tabs';
import { StatusBar } from './workbook-view/status-bar';
import { tableAt } from './workbook-view/table-at';
import { useWorkbookVersion } from './workbook-view/use-workbook-version';
import { WorkbookGrid } from './workbook-view/workbook-grid';

export interface PreviewPageProps {
  workbook: SimulatedWorkbook;
  globals: ExcelSimulationGlobals;
  options: PreviewOptions;
  saveState: Signal<SaveState>;
  /** Grows when the pane must start again (after a reset). */
  paneGeneration: Signal<number>;
  restoreProblem?: string;
  onReset(): Promise<void>;
  /** Opens a workbook file in place of the preview's workbook (the pane starts again); rejects with why not. */
  onOpenFile(file: FileToOpen): Promise<void>;
  /** Saves the preview's workbook as an .xlsx download. */
  onDownload(): Promise<void>;
}

export function PreviewPage({
  workbook,
  globals,
  options,
  saveState,
  paneGeneration,
  restoreProblem,
  onReset,
  onOpenFile,
  onDownload,
}: PreviewPageProps): JSX.Element {
  const t = useCallback((key: MessageKey, params?: MessageParams) => translate(options.language, key, params), [options.language]);
  const [theme, setTheme] = useState<PreviewTheme>(options.theme);
  const [paneWidth, setPaneWidth] = useState<number>(PANE_WIDTHS[0]);
  // Why the last edit was not taken: the cell's validation alert (its title and message), or another reason.
  const [editProblem, setEditProblem] = useState<{ title?: string; message: string }>();
  // Why the last Open or Download failed.
  const [fileProblem, setFileProblem] = useState<string>();
  const version = useWorkbookVersion(workbook);
  const save = useSignal(saveState);
  const generation = useSignal(paneGeneration);

  // The sheet shown follows the workbook's active sheet (worksheet.activate() from the pane switches the view).
  const activeSheet = useMemo(() => workbook.activeSheetName(), [workbook, version]);
  const [viewed, setViewed] = useState(activeSheet);
  const lastActive = useRef(activeSheet);
  const visibleSheets = useMemo(() => workbook.sheetNames().filter((s) => workbook.visibility(s) === 'Visible'), [workbook, version]);
  useEffect(() => {
    if (activeSheet !== lastActive.current || !visibleSheets.includes(viewed)) {
      lastActive.current = activeSheet;
      setViewed(activeSheet);
    }
  }, [activeSheet, visibleSheets, viewed]);
  const sheet = visibleSheets.includes(viewed) ? viewed : activeSheet;

  const [activeCell, setActiveCell] = useState({ row: 0, column: 0 });
  const tables = useMemo(() => workbook.tableLayouts().filter((table) => table.sheet === sheet), [workbook, sheet, version]);
  const table = tableAt(tables, activeCell.row, activeCell.column) ?? tables[0];
  // The message of the active cell's error (a custom function's, or why an array cannot spill), again after changes.
  const cellError = useMemo(
    () => cellErrorText(workbook, sheet, activeCell.row, activeCell.column, t),
    [workbook, sheet, activeCell, t, version],
  );

  // The formula bar: what the active cell holds, again after changes.
  const cellContents = useMemo(
    () => cellEditText(workbook.cell(sheet, activeCell.row, activeCell.column)),
    [workbook, sheet, activeCell, version],
  );
  const cellAddress = `${columnName(activeCell.column)}${activeCell.row + 1}`;

  const palette = useMemo(() => gridPalette(theme), [theme]);
  const paneSrc = useMemo(() => paneUrl({ ...options, theme }), [options, theme]);
  // A pane frame that goes (another theme, a reset) takes its runtime with it: its event handlers too.
  useEffect(() => () => workbook.forgetEventHandlers(), [workbook, paneSrc, generation]);

  const switchTheme = (dark: boolean): void => {
    const next: PreviewTheme = dark ? 'dark' : 'light';
    setTheme(next);
    const url = new URL(location.href);
    url.searchParams.set('theme', next);
    history.replaceState(null, '', url);
  };

  const selectSheet = (name: string): void => {
    setViewed(name);
    // Clicking a tab activates the sheet, as in Excel (the pane sees it as the active worksheet).
    void globals.Excel.run(async (context) => {
      context.workbook.worksheets.getItem(name).activate();
      await context.sync();
    }).catch(() => undefined);
  };

  const edit = useCallback(
    (row: number, column: number, input: string): void => {
      setEditProblem(undefined);
      // A user's edit, not an add-in's: the changed events say so (triggerSource Unknown), as in Excel.
      try {
        workbook.typeIntoCell(sheet, row, column, input);
      } catch (error) {
        // A value the cell's list refuses: Excel's Stop alert, its title and message; the cell keeps its value.
        if (error instanceof ValidationRefusal)
          setEditProblem({ title: error.title, message: `${error.message} ${t('preview.editRefused')}` });
        else setEditProblem({ message: t('preview.editFailed', { reason: error instanceof Error ? error.message : String(error) }) });
      }
    },
    [workbook, sheet, t],
  );

  const saveText =
    save.kind === 'saved'
      ? t('preview.status.saved')
      : save.kind === 'saving'
        ? t('preview.status.saving')
        : t('preview.status.saveFailed', { reason: save.reason });

  return (
    <FluentProvider theme={theme === 'dark' ? webDarkTheme : webLightTheme} className="preview-root">
      <PreviewToolbar
        t={t}
        dark={theme === 'dark'}
        onDark={switchTheme}
        paneWidth={paneWidth}
        onPaneWidth={setPaneWidth}
        templateName={TEMPLATE_FILES[options.language]}
        onOpenFile={async (file) => {
          setFileProblem(undefined);
          await onOpenFile(file).catch((error: unknown) =>
            setFileProblem(t('preview.file.openFailed', { name: file.name, reason: reasonOf(error) })),
          );
        }}
        onDownload={async () => {
          setFileProblem(undefined);
          await onDownload().catch((error: unknown) => setFileProblem(t('preview.file.downloadFailed', { reason: reasonOf(error) })));
        }}
        onReset={onReset}
      />
      <main className="preview-main" aria-label={t('preview.title')}>
        <div className="preview-workbook">
          {restoreProblem && (
            <MessageBar intent="warning">
              <MessageBarBody>{t('preview.restoreFailed', { reason: restoreProblem })}</MessageBarBody>
            </MessageBar>
          )}
          {fileProblem && (
            <MessageBar intent="error" data-testid="file-problem">
              <MessageBarBody>{fileProblem}</MessageBarBody>
            </MessageBar>
          )}
          {editProblem && (
            <MessageBar intent="error" data-testid="edit-problem">
              <MessageBarBody>
                {editProblem.title !== undefined && <MessageBarTitle>{editProblem.title}</MessageBarTitle>}
                {editProblem.message}
              </MessageBarBody>
            </MessageBar>
          )}
          <FormulaBar
            address={cellAddress}
            contents={cellContents}
            labels={{
              bar: t('preview.formulaBar'),
              cell: t('preview.formulaBar.cell'),
              input: t('preview.formulaBar.input', { cell: cellAddress }),
            }}
            onCommit={(input) => edit(activeCell.row, activeCell.column, input)}
          />
          <WorkbookGrid
            workbook={workbook}
            sheet={sheet}
            version={version}
            palette={palette}
            label={t('preview.grid', { sheet })}
            editorLabel={(cell) => t('preview.cellEditor', { cell })}
            locale={excelLocale(options.language)}
            listLabel={t('preview.list')}
            onActiveCell={setActiveCell}
            onEdit={edit}
          />
          <SheetTabs sheets={visibleSheets} selected={sheet} label={t('preview.sheets')} onSelect={selectSheet} />
          <StatusBar
            sheetText={t('preview.status.sheet', { sheet })}
            tableText={table ? t('preview.status.table', { table: table.name, rows: table.dataRowCount }) : t('preview.status.noTable')}
            saveText={saveText}
            {...(cellError === undefined ? {} : { cellErrorText: cellError })}
          />
        </div>
        <iframe
          key={`${paneSrc}#${generation}`}
          id="pane"
          title={t('preview.pane.title')}
          src={paneSrc}
          style={{ width: paneWidth }}
          className="preview-pane"
        />
      </main>
    </FluentProvider>
  );
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
