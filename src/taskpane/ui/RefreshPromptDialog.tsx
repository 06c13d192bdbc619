/**
 * Asked from any view when a refresh meets tables with changes not sent: keep them (refresh, then put them back on
 * top, still pending), discard them (refresh, the service's values win), or cancel (nothing is refreshed).
 */

import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { useAppActions, useAppState } from './app-context';
import { formatInteger, pluralOf } from './format';

export function RefreshPromptDialog(): ReactElement {
  const app = useAppActions();
  const prompt = useAppState((s) => s.refreshPrompt);
  const tables = useAppState((s) => s.tables);
  const language = useAppState((s) => s.language);
  const t = app.t;
  const count = prompt === undefined ? 0 : prompt.counts.changed + prompt.counts.new + prompt.counts.deleted;
  const names = (prompt?.tableIds ?? [])
    .map((id) => tables.find((r) => r.id === id))
    .flatMap((row) => (row === undefined ? [] : [t(row.label, row.labelParams)]))
    .join(', ');
  const params = { tables: names, count: formatInteger(count, language) };
  const body =
    (prompt?.tableIds.length ?? 0) > 1 ? t('pane.refresh.bodyMany', params) : t(`pane.refresh.body.${pluralOf(count, language)}`, params);
  return (
    <Dialog open={prompt !== undefined} modalType="alert" onOpenChange={(_, data) => !data.open && void app.answerRefresh('cancel')}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('pane.refresh.title')}</DialogTitle>
          <DialogContent>
            <Text block>{body}</Text>
            <Text block size={200}>
              {t('pane.refresh.explain')}
            </Text>
          </DialogContent>
          <DialogActions fluid>
            <Button appearance="primary" onClick={() => void app.answerRefresh('keep')}>
              {t('pane.refresh.keep')}
            </Button>
            <Button onClick={() => void app.answerRefresh('discard')}>{t('pane.refresh.discard')}</Button>
            <Button appearance="subtle" onClick={() => void app.answerRefresh('cancel')}>
              {t('pane.refresh.cancel')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
