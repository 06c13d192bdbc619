/**
 * The workbook side of the preview page: what went wrong (preview-problems.tsx), the formula bar, the grid of the sheet
 * shown, its charts (drawn simply), the sheet tabs and the status bar, all following the workbook as it changes.
 */

import { useMemo } from 'react';
import type { Language } from '../i18n/catalog';
import type { ExcelSimulationGlobals, SimulatedWorkbook } from './excel-sim';
import type { PreviewTheme } from './preview-options';
import { PreviewProblems } from './preview-problems';
import { saveText } from './save-text';
import { useSignal, type Signal } from './signal';
import type { Translator } from './translator';
import { useActiveCell } from './use-active-cell';
import { useCellEdit } from './use-cell-edit';
import { useViewedSheet } from './use-viewed-sheet';
import type { SaveState } from './workbook-autosave';
import { excelLocale } from './workbook-view/cell-display';
import { ChartStrip } from './workbook-view/chart-strip';
import { FormulaBar } from './workbook-view/formula-bar';
import { gridPalette } from './workbook-view/grid-theme';
import { SheetTabs } from './workbook-view/sheet-tabs';
import { StatusBar } from './workbook-view/status-bar';
import { useWorkbookVersion } from './workbook-view/use-workbook-version';
import { WorkbookGrid } from './workbook-view/workbook-grid';

export interface PreviewWorkbookProps {
  workbook: SimulatedWorkbook;
  globals: ExcelSimulationGlobals;
  language: Language;
  theme: PreviewTheme;
  t: Translator;
  saveState: Signal<SaveState>;
  restoreProblem: string | undefined;
  fileProblem: string | undefined;
}

export function PreviewWorkbook({
  workbook,
  globals,
  language,
  theme,
  t,
  saveState,
  restoreProblem,
  fileProblem,
}: PreviewWorkbookProps): JSX.Element {
  const version = useWorkbookVersion(workbook);
  const save = useSignal(saveState);
  const { sheet, visibleSheets, selectSheet } = useViewedSheet(workbook, globals, version);
  const active = useActiveCell(workbook, sheet, version, t);
  const { edit, editProblem } = useCellEdit(workbook, sheet, t);
  const palette = useMemo(() => gridPalette(theme), [theme]);
  const { table } = active;

  return (
    <div className="preview-workbook">
      <PreviewProblems t={t} restoreProblem={restoreProblem} fileProblem={fileProblem} editProblem={editProblem} />
      <FormulaBar
        address={active.address}
        contents={active.contents}
        labels={{
          bar: t('preview.formulaBar'),
          cell: t('preview.formulaBar.cell'),
          input: t('preview.formulaBar.input', { cell: active.address }),
        }}
        onCommit={(input) => edit(active.cell.row, active.cell.column, input)}
      />
      <WorkbookGrid
        workbook={workbook}
        sheet={sheet}
        version={version}
        palette={palette}
        label={t('preview.grid', { sheet })}
        editorLabel={(cell) => t('preview.cellEditor', { cell })}
        locale={excelLocale(language)}
        listLabel={t('preview.list')}
        onActiveCell={(cell) => {
          active.setCell(cell);
          // The workbook learns the user's selection, as Excel does (the add-in's onSelectionChanged handlers); not
          // while a file just opened still has the grid on a sheet the new workbook lacks.
          if (workbook.sheetNames().includes(sheet)) workbook.selectCell(sheet, cell.row, cell.column);
        }}
        onEdit={edit}
      />
      <ChartStrip
        workbook={workbook}
        sheet={sheet}
        version={version}
        label={t('preview.charts', { sheet })}
        locale={excelLocale(language)}
      />
      <SheetTabs sheets={visibleSheets} selected={sheet} label={t('preview.sheets')} onSelect={selectSheet} />
      <StatusBar
        sheetText={t('preview.status.sheet', { sheet })}
        tableText={table ? t('preview.status.table', { table: table.name, rows: table.dataRowCount }) : t('preview.status.noTable')}
        saveText={saveText(save, t)}
        {...(active.error === undefined ? {} : { cellErrorText: active.error })}
      />
    </div>
  );
}
