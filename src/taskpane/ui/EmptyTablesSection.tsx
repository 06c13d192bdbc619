/**
 * Share › Empty the data tables: what it does, the button, the dialog that names what goes (each table by its card's
 * name and its rows, the planning grids, the Import table and the Analysis sheet, the baselines and journal) and what stays, and the outcome (done, refused while changes or a
 * grid's typed figures wait, failed).
 */

import { Button, makeStyles, MessageBar, MessageBarBody, Spinner, Text, tokens } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { useAppActions, useAppState } from './app-context';
import { ConfirmDialog } from './ConfirmDialog';
import { formatInteger, pluralOf } from './format';
import { useShareStyles } from './share-styles';
import { useTableLabel } from './table-label';

const useStyles = makeStyles({ body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS } });

export function EmptyTablesSection(): ReactElement {
  const app = useAppActions();
  const empty = useAppState((s) => s.share.empty);
  const language = useAppState((s) => s.language);
  const styles = useShareStyles();
  const own = useStyles();
  const t = app.t;
  const label = useTableLabel();
  const n = (value: number): string => formatInteger(value, language);
  const plural = (count: number): 'one' | 'other' => pluralOf(count, language);
  const busy = empty.status === 'emptying';
  const refusal = (rows: number, figures: number): string =>
    rows > 0
      ? t(`share.empty.refusedPending.${plural(rows)}`, { count: n(rows) })
      : figures > 0
        ? t(`share.empty.refusedFigures.${plural(figures)}`, { count: n(figures) })
        : t('share.empty.refusedBusy');
  return (
    <section className={styles.section} aria-labelledby="share-empty-heading">
      <h2 id="share-empty-heading" className={styles.heading}>
        {t('share.empty.heading')}
      </h2>
      <Text className={styles.muted}>{t('share.empty.intro')}</Text>
      <div className={styles.actions}>
        <Button disabled={busy} onClick={() => void app.askEmptyTables()}>
          {t('share.empty.run')}
        </Button>
        {busy && <Spinner size="tiny" label={t('share.empty.running')} />}
      </div>
      {empty.status === 'refused' && (
        <MessageBar intent="warning">
          <MessageBarBody>{refusal(empty.pendingRows, empty.pendingFigures ?? 0)}</MessageBarBody>
        </MessageBar>
      )}
      {empty.status === 'done' && (
        <MessageBar intent="success">
          <MessageBarBody>
            {t(`share.empty.done.${plural(empty.tables)}`, { count: n(empty.tables), rows: n(empty.rows) })}
            {empty.grids.length > 0 && ` ${t('share.empty.doneGrids', { sheets: empty.grids.join(', ') })}`}
            {empty.extras.includes('importTable') && ` ${t('share.empty.doneImport')}`}
            {empty.extras.includes('analysisSheet') && ` ${t('share.empty.doneAnalysis')}`}
          </MessageBarBody>
        </MessageBar>
      )}
      {empty.status === 'failed' && (
        <MessageBar intent="error">
          <MessageBarBody>{empty.message}</MessageBarBody>
        </MessageBar>
      )}
      <ConfirmDialog
        cancel={t('share.empty.cancel')}
        onClose={() => app.cancelEmptyTables()}
        request={
          empty.status !== 'confirming'
            ? undefined
            : {
                title: t('share.empty.confirmTitle'),
                confirm: t('share.empty.confirm'),
                onConfirm: () => void app.emptyTables(),
                body: (
                  <div className={own.body}>
                    <Text>{t('share.empty.confirmBody')}</Text>
                    <ul className={styles.list}>
                      {empty.report.tables.map((table) => (
                        <li key={table.tableName}>
                          {t(`share.empty.confirmRow.${plural(table.rows)}`, { table: label(table.tableName), count: n(table.rows) })}
                        </li>
                      ))}
                      {empty.report.planGrids.map((grid) => (
                        <li key={grid.sheet}>
                          {t(grid.target.kind === 'forecast' ? 'share.empty.confirmGrid' : 'share.empty.confirmScenarioGrid', {
                            sheet: grid.sheet,
                          })}
                        </li>
                      ))}
                      {empty.report.extras.map((extra) => (
                        <li key={extra.kind}>
                          {t(extra.kind === 'importTable' ? 'share.empty.confirmImport' : 'share.empty.confirmAnalysis')}
                        </li>
                      ))}
                      {empty.report.hiddenSheets.length > 0 && <li>{t('share.empty.confirmHidden')}</li>}
                    </ul>
                    <Text>{t('share.empty.confirmKept')}</Text>
                  </div>
                ),
              }
        }
      />
    </section>
  );
}
