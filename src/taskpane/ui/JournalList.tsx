/**
 * The journal of a table's sends ("Sent before"): one line per send (when, how many sent and not sent, undone), each
 * with a button that opens it to list the rows it touched: the budget's name (or external ID), what was done
 * (changed, created, deleted, replaced) and the outcome, with the service's message where a row did not land. A row
 * still in the sheet has "Show in sheet" (found by id wherever sorting put it); a deleted one says it is no longer
 * there. A long send shows its rows in blocks ("Show more"). Every decision is AppState's.
 */

import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronDown16Regular, ChevronRight16Regular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import type { Language } from '../../i18n/catalog';
import type { JournalRowView } from '../../sync/push';
import type { ChangesTable, JournalSummary, OpenedJournalEntry } from '../state/app-state';
import { JOURNAL_ROWS_BLOCK } from '../state/changes-state';
import { useAppActions } from './app-context';
import { formatDateTime, formatInteger } from './format';

const JOURNAL_ENTRIES = 5;

const useStyles = makeStyles({
  entries: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  entry: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  toggle: {
    justifyContent: 'flex-start',
    textAlign: 'start',
    minWidth: 0,
    height: 'auto',
    paddingBlock: tokens.spacingVerticalXXS,
    fontWeight: tokens.fontWeightRegular,
  },
  rows: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    paddingInlineStart: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
  },
  row: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    paddingBlock: tokens.spacingVerticalXS,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
  },
  name: { overflowWrap: 'anywhere' },
  meta: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  failed: { color: tokens.colorPaletteRedForeground1 },
  message: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  show: { alignSelf: 'flex-start' },
});

type T = ReturnType<typeof useAppActions>['t'];

function entryText(entry: JournalSummary, language: Language, t: T): string {
  const n = (count: number) => formatInteger(count, language);
  return [
    t('pane.changes.journal.entry', { time: formatDateTime(entry.at, language), landed: n(entry.landed), notLanded: n(entry.notLanded) }),
    entry.unconfirmed > 0 ? t('pane.changes.result.unconfirmed', { count: n(entry.unconfirmed) }) : '',
    entry.undo ? t('pane.changes.journal.undo') : '',
    entry.undone ? t('pane.changes.journal.undone') : '',
  ]
    .filter((p) => p !== '')
    .join(' · ');
}

function rowTitle(row: JournalRowView, t: T): string {
  if (row.name !== '') return row.name;
  if (row.externalId !== null) return row.externalId;
  return row.id === null ? t('pane.changes.unnamed') : `#${row.id}`;
}

function JournalRow({ row, tableId, missing }: { row: JournalRowView; tableId: string; missing: boolean }): ReactElement {
  const app = useAppActions();
  const styles = useStyles();
  const t = app.t;
  const name = rowTitle(row, t);
  const done = `${t(`pane.changes.journal.change.${row.change}`)} · ${t(`pane.changes.journal.outcome.${row.outcome}`)}`;
  return (
    <li className={styles.row} data-testid="journal-row">
      <Text weight="semibold" className={styles.name}>
        {name}
      </Text>
      {row.externalId !== null && row.externalId !== name && (
        <Text size={200} className={styles.meta}>
          {row.externalId}
        </Text>
      )}
      <Text size={200} className={row.outcome === 'landed' ? undefined : styles.failed}>
        {done}
      </Text>
      {row.message !== undefined && (
        <Text size={200} className={styles.message}>
          {row.message}
        </Text>
      )}
      {row.ref === null ? (
        <Text size={200} className={styles.meta}>
          {t('pane.changes.journal.gone')}
        </Text>
      ) : (
        <>
          <Button
            size="small"
            appearance="subtle"
            className={styles.show}
            onClick={() => void app.showJournalRow(tableId, row.key)}
            aria-label={t('pane.changes.showRowFor', { name })}
          >
            {t('pane.changes.showRow')}
          </Button>
          <div aria-live="polite">
            {missing && (
              <Text size={200} className={styles.meta}>
                {t('pane.changes.journal.notFound')}
              </Text>
            )}
          </div>
        </>
      )}
    </li>
  );
}

function OpenedRows({
  opened,
  tableId,
  label,
  language,
}: {
  opened: OpenedJournalEntry;
  tableId: string;
  label: string;
  language: Language;
}): ReactElement {
  const app = useAppActions();
  const styles = useStyles();
  const t = app.t;
  if (opened.status === 'loading')
    return (
      <Text size={200} className={styles.meta}>
        {t('pane.loading')}
      </Text>
    );
  if (opened.status === 'missing')
    return (
      <Text size={200} className={styles.meta}>
        {t('pane.changes.journal.missing')}
      </Text>
    );
  const rest = opened.total - opened.rows.length;
  return (
    <>
      <ul className={styles.rows} aria-label={label} id={`journal-rows-${tableId}`}>
        {opened.rows.map((row) => (
          <JournalRow key={row.key} row={row} tableId={tableId} missing={opened.notFound.includes(row.key)} />
        ))}
      </ul>
      {rest > 0 && (
        <Button size="small" appearance="transparent" onClick={() => app.moreJournalRows(tableId)}>
          {t('pane.changes.journal.more', {
            count: formatInteger(Math.min(rest, JOURNAL_ROWS_BLOCK), language),
            total: formatInteger(opened.total, language),
          })}
        </Button>
      )}
    </>
  );
}

export function JournalList({ table, language }: { table: ChangesTable; language: Language }): ReactElement | null {
  const app = useAppActions();
  const styles = useStyles();
  const t = app.t;
  if (table.journal.length === 0) return null;
  const opened = table.opened;
  return (
    <section aria-label={t('pane.changes.journal.title')}>
      <Text size={200} weight="semibold" block>
        {t('pane.changes.journal.title')}
      </Text>
      <ul className={styles.entries}>
        {table.journal.slice(0, JOURNAL_ENTRIES).map((entry) => {
          const isOpen = opened?.entryId === entry.id;
          const text = entryText(entry, language, t);
          return (
            <li key={entry.id} className={styles.entry} data-testid="journal-entry">
              <Button
                size="small"
                appearance="subtle"
                className={styles.toggle}
                icon={isOpen ? <ChevronDown16Regular /> : <ChevronRight16Regular />}
                aria-expanded={isOpen}
                {...(isOpen && opened.status === 'ready' ? { 'aria-controls': `journal-rows-${table.tableId}` } : {})}
                onClick={() => (isOpen ? app.closeJournalEntry(table.tableId) : void app.openJournalEntry(table.tableId, entry.id))}
              >
                {text}
              </Button>
              {isOpen && (
                <OpenedRows
                  opened={opened}
                  tableId={table.tableId}
                  label={t('pane.changes.journal.rowsLabel', { time: formatDateTime(entry.at, language) })}
                  language={language}
                />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
