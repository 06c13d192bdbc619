/**
 * The one confirmation the pane asks before a write it cannot take back silently: a title that says what will
 * happen and to how many rows, a body with the consequence, the confirming action (primary), an optional second
 * way out ("Send the rest only") and Cancel.
 */

import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import type { ReactElement, ReactNode } from 'react';

export interface ConfirmRequest {
  title: string;
  body: ReactNode;
  confirm: string;
  onConfirm(): void;
  alternative?: { label: string; onChoose(): void };
}

export function ConfirmDialog({
  request,
  cancel,
  onClose,
}: {
  request: ConfirmRequest | undefined;
  cancel: string;
  onClose(): void;
}): ReactElement {
  const choose = (action: () => void) => () => {
    onClose();
    action();
  };
  return (
    <Dialog open={request !== undefined} modalType="alert" onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        {request && (
          <DialogBody>
            <DialogTitle>{request.title}</DialogTitle>
            <DialogContent>{request.body}</DialogContent>
            <DialogActions fluid>
              <Button appearance="primary" onClick={choose(request.onConfirm)}>
                {request.confirm}
              </Button>
              {request.alternative && <Button onClick={choose(request.alternative.onChoose)}>{request.alternative.label}</Button>}
              <Button appearance="subtle" onClick={onClose}>
                {cancel}
              </Button>
            </DialogActions>
          </DialogBody>
        )}
      </DialogSurface>
    </Dialog>
  );
}
