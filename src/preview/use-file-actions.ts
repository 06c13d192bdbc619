/** The toolbar's Open and Download, each saying why it failed (the page shows it above the workbook). */

import { useState } from 'react';
import type { FileToOpen } from './file-menu';
import type { Translator } from './translator';

export interface FileActions {
  /** Why the last Open or Download failed. */
  fileProblem: string | undefined;
  openFile(file: FileToOpen): Promise<void>;
  download(): Promise<void>;
}

export function useFileActions(
  onOpenFile: (file: FileToOpen) => Promise<void>,
  onDownload: () => Promise<void>,
  t: Translator,
): FileActions {
  const [fileProblem, setFileProblem] = useState<string>();
  const openFile = async (file: FileToOpen): Promise<void> => {
    setFileProblem(undefined);
    await onOpenFile(file).catch((error: unknown) =>
      setFileProblem(t('preview.file.openFailed', { name: file.name, reason: reasonOf(error) })),
    );
  };
  const download = async (): Promise<void> => {
    setFileProblem(undefined);
    await onDownload().catch((error: unknown) => setFileProblem(t('preview.file.downloadFailed', { reason: reasonOf(error) })));
  };
  return { fileProblem, openFile, download };
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
