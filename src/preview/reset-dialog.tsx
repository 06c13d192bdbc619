/** The "Reset workbook" button and its confirmation: only the workbook is emptied, connection profiles stay. */

import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
} from '@fluentui/react-components';
import { ArrowResetRegular } from '@fluentui/react-icons';
import { useState } from 'react';

export interface ResetDialogProps {
  labels: { button: string; title: string; body: string; confirm: string; cancel: string };
  onReset(): Promise<void>;
}

export function ResetDialog({ labels, onReset }: ResetDialogProps): JSX.Element {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async (): Promise<void> => {
    setBusy(true);
    try {
      await onReset();
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={(_event, data) => setOpen(data.open)}>
      <DialogTrigger disableButtonEnhancement>
        <Button icon={<ArrowResetRegular />} data-testid="preview-reset">
          {labels.button}
        </Button>
      </DialogTrigger>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{labels.title}</DialogTitle>
          <DialogContent>{labels.body}</DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button appearance="secondary">{labels.cancel}</Button>
            </DialogTrigger>
            <Button appearance="primary" disabled={busy} onClick={() => void confirm()} data-testid="preview-reset-confirm">
              {labels.confirm}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
