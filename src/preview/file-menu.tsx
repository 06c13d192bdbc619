/**
 * The preview's File menu: open the planning template or a workbook file (.xlsx) in place of the preview's
 * workbook, after a confirmation naming it, and download the workbook as .xlsx. The page does the work
 * (`onOpen`, `onDownload`); this only asks and picks.
 */

import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, DocumentRegular, FolderOpenRegular, TableRegular } from '@fluentui/react-icons';
import { useRef, useState } from 'react';

export interface FileToOpen {
  name: string;
  bytes(): Promise<ArrayBuffer>;
}

export interface FileMenuLabels {
  menu: string;
  openTemplate: string;
  open: string;
  download: string;
  input: string;
  confirmTitle(name: string): string;
  confirmBody: string;
  confirmOpen: string;
  cancel: string;
}

export interface FileMenuProps {
  labels: FileMenuLabels;
  /** The template file's name, fetched from beside the page. */
  templateName: string;
  onOpen(file: FileToOpen): Promise<void>;
  onDownload(): Promise<void>;
}

export function FileMenu({ labels, templateName, onOpen, onDownload }: FileMenuProps): JSX.Element {
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<FileToOpen>();
  const [busy, setBusy] = useState(false);

  const askTemplate = (): void =>
    setPending({
      name: templateName,
      bytes: async () => {
        const response = await fetch(templateName);
        if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
        return response.arrayBuffer();
      },
    });

  const picked = (files: FileList | null): void => {
    const file = files?.[0];
    if (input.current) input.current.value = '';
    if (file) setPending({ name: file.name, bytes: () => file.arrayBuffer() });
  };

  const confirm = async (): Promise<void> => {
    if (!pending) return;
    setBusy(true);
    try {
      await onOpen(pending);
    } finally {
      setBusy(false);
      setPending(undefined);
    }
  };

  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button icon={<DocumentRegular />} data-testid="preview-file">
            {labels.menu}
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItem icon={<TableRegular />} onClick={askTemplate} data-testid="preview-open-template">
              {labels.openTemplate}
            </MenuItem>
            <MenuItem icon={<FolderOpenRegular />} onClick={() => input.current?.click()} data-testid="preview-open-file">
              {labels.open}
            </MenuItem>
            <MenuItem icon={<ArrowDownloadRegular />} onClick={() => void onDownload()} data-testid="preview-download">
              {labels.download}
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      <input
        ref={input}
        type="file"
        hidden
        aria-label={labels.input}
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        data-testid="preview-open-input"
        onChange={(event) => picked(event.currentTarget.files)}
      />
      <Dialog open={pending !== undefined} onOpenChange={(_event, data) => (data.open ? undefined : setPending(undefined))}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{labels.confirmTitle(pending?.name ?? '')}</DialogTitle>
            <DialogContent>{labels.confirmBody}</DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={() => setPending(undefined)}>
                {labels.cancel}
              </Button>
              <Button appearance="primary" disabled={busy} onClick={() => void confirm()} data-testid="preview-open-confirm">
                {labels.confirmOpen}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}
