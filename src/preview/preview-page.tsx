/**
 * The preview page: the simulated workbook (sheet tabs, grid, status bar) on the left, the real task pane in an
 * iframe on the right, a toolbar (preview-toolbar.tsx) to switch the theme, widen the pane, open and download files
 * and reset the workbook.
 */

import { FluentProvider, webDarkTheme, webLightTheme } from '@fluentui/react-components';
import { useCallback, useMemo, useState } from 'react';
import type { MessageKey } from '../i18n/catalog';
import { translate, type MessageParams } from '../i18n/translate';
import { TEMPLATE_FILES } from '../template/template-files';
import type { ExcelSimulationGlobals, SimulatedWorkbook } from './excel-sim';
import type { FileToOpen } from './file-menu';
import { PaneFrame } from './pane-frame';
import { paneUrl, type PreviewOptions } from './preview-options';
import { PANE_WIDTHS, PreviewToolbar } from './preview-toolbar';
import { PreviewWorkbook } from './preview-workbook';
import type { Signal } from './signal';
import { useFileActions } from './use-file-actions';
import { usePreviewTheme } from './use-preview-theme';
import type { SaveState } from './workbook-autosave';

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
  const [theme, switchTheme] = usePreviewTheme(options.theme);
  const [paneWidth, setPaneWidth] = useState<number>(PANE_WIDTHS[0]);
  const { fileProblem, openFile, download } = useFileActions(onOpenFile, onDownload, t);
  const paneSrc = useMemo(() => paneUrl({ ...options, theme }), [options, theme]);

  return (
    <FluentProvider theme={theme === 'dark' ? webDarkTheme : webLightTheme} className="preview-root">
      <PreviewToolbar
        t={t}
        dark={theme === 'dark'}
        onDark={switchTheme}
        paneWidth={paneWidth}
        onPaneWidth={setPaneWidth}
        templateName={TEMPLATE_FILES[options.language]}
        onOpenFile={openFile}
        onDownload={download}
        onReset={onReset}
      />
      <main className="preview-main" aria-label={t('preview.title')}>
        <PreviewWorkbook
          workbook={workbook}
          globals={globals}
          language={options.language}
          theme={theme}
          t={t}
          saveState={saveState}
          restoreProblem={restoreProblem}
          fileProblem={fileProblem}
        />
        <PaneFrame workbook={workbook} src={paneSrc} paneGeneration={paneGeneration} title={t('preview.pane.title')} width={paneWidth} />
      </main>
    </FluentProvider>
  );
}
