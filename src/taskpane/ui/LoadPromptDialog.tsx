/**
 * Asked before a large load: the rows it brings (counted with one `page_size=1` read) and about how long it takes,
 * above the threshold set in Settings. "Load" goes on; "Not now" loads nothing and leaves the table as it is.
 */

import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { useAppActions, useAppState } from './app-context';
import { formatInteger } from './format';

export function LoadPromptDialog(): ReactElement {
  const app = useAppActions();
  const prompt = useAppState((s) => s.loadPrompt);
  const row = useAppState((s) => s.tables.find((r) => r.id === s.loadPrompt?.tableId));
  const language = useAppState((s) => s.language);
  const t = app.t;
  const table = row === undefined ? (prompt?.tableName ?? '') : t(row.label, row.labelParams);
  return (
    <Dialog open={prompt !== undefined} modalType="alert" onOpenChange={(_, data) => !data.open && app.answerLoad(false)}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('pane.load.title', { rows: formatInteger(prompt?.rows ?? 0, language), table })}</DialogTitle>
          <DialogContent>
            <Text block>{t('pane.load.text', { seconds: formatInteger(prompt?.seconds ?? 0, language) })}</Text>
          </DialogContent>
          <DialogActions fluid>
            <Button appearance="primary" onClick={() => app.answerLoad(true)}>
              {t('pane.load.confirm')}
            </Button>
            <Button appearance="subtle" onClick={() => app.answerLoad(false)}>
              {t('pane.load.cancel')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
