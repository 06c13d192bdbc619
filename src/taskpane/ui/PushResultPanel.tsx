/**
 * What the last send of a table did: a summary ("4 sent · 1 conflict · 1 not sent") and, for each row that did not
 * land, its message; a row in conflict shows both values per column (yours, the service's) with "Keep mine" and
 * "Take theirs"; rows that must be written whole wait for "Write as whole rows…", and a budget waiting for want of an
 * addressable external ID offers "Adopt as xl-<id>…".
 */

import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { ReactElement } from 'react';
import type { Language } from '../../i18n/catalog';
import type { ChangesTable } from '../state/app-state';
import { useAppActions } from './app-context';
import { changeValue } from './change-value';
import { formatInteger, pluralOf } from './format';

type PushResult = NonNullable<ChangesTable['result']>;
type PushRow = PushResult['rows'][number];
type AdoptableRow = NonNullable<ChangesTable['adoptable']>[number];

/** Outcomes of rows the service does not hold. `unknown` is apart: the service did not confirm it, it may be there. */
const NOT_SENT = ['failed', 'cancelled', 'blocked', 'needsReplace', 'needsDeleteConfirmation'] as const;

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
  },
  conflict: { borderLeft: `3px solid ${tokens.colorPaletteMarigoldBorderActive}` },
  message: { overflowWrap: 'anywhere', color: tokens.colorNeutralForeground2 },
  values: { width: '100%', borderCollapse: 'collapse', fontSize: tokens.fontSizeBase200, tableLayout: 'fixed' },
  cell: {
    textAlign: 'start',
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalXS} ${tokens.spacingVerticalXXS} 0`,
    overflowWrap: 'anywhere',
    verticalAlign: 'top',
  },
  head: { color: tokens.colorNeutralForeground3, fontWeight: tokens.fontWeightRegular },
  buttons: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/** "4 sent · 1 updated from the service · 1 conflict · 1 not sent · 1 not confirmed". */
export function resultSummary(result: PushResult, language: Language, t: ReturnType<typeof useAppActions>['t']): string {
  const c = result.counts;
  const notSent = NOT_SENT.reduce((sum, o) => sum + c[o], 0);
  const n = (count: number) => formatInteger(count, language);
  const parts = [
    c.landed > 0 ? t('pane.changes.result.sent', { count: n(c.landed) }) : '',
    c.broughtIn > 0 ? t('pane.changes.result.broughtIn', { count: n(c.broughtIn) }) : '',
    c.conflict > 0 ? t(`pane.changes.result.conflict.${pluralOf(c.conflict, language)}`, { count: n(c.conflict) }) : '',
    notSent > 0 ? t('pane.changes.result.notSent', { count: n(notSent) }) : '',
    c.unknown > 0 ? t('pane.changes.result.unconfirmed', { count: n(c.unknown) }) : '',
  ].filter((p) => p !== '');
  return parts.length === 0 ? t('pane.changes.result.nothing') : parts.join(' · ');
}

export interface PushResultPanelProps {
  result: PushResult;
  language: Language;
  disabled: boolean;
  /** The budget's name by row key (`id:<id>`, `ext:<external id>`), from the pending rows. */
  names: ReadonlyMap<string, string>;
  onResolve(row: PushRow, resolution: 'mine' | 'theirs'): void;
  /** Selects the row in the sheet. */
  onSelect(row: PushRow): void;
  onWholeRows(count: number): void;
  /** The budgets Adopt is offered for, by id (a waiting row among them gets its Adopt button). */
  adoptable: ReadonlyMap<number, AdoptableRow>;
  onAdopt(row: AdoptableRow): void;
}

export function PushResultPanel({
  result,
  language,
  disabled,
  names,
  onResolve,
  onSelect,
  onWholeRows,
  adoptable,
  onAdopt,
}: PushResultPanelProps): ReactElement {
  const app = useAppActions();
  const styles = useStyles();
  const t = app.t;
  const open = result.rows.filter((r) => r.outcome !== 'landed' && r.outcome !== 'broughtIn');
  const nameOf = (row: PushRow) =>
    names.get(row.key) ?? row.ref.externalId ?? (row.ref.id === null ? t('pane.changes.unnamed') : `#${row.ref.id}`);
  return (
    <>
      <ResultSummary result={result} language={language} disabled={disabled} settled={open.length === 0} onWholeRows={onWholeRows} />
      {open.length > 0 && (
        <ul className={styles.list} aria-label={t('pane.changes.result.rowsLabel')}>
          {open.map((row) => (
            <UnsentRow
              key={row.key}
              row={row}
              name={nameOf(row)}
              language={language}
              disabled={disabled}
              adopt={row.outcome === 'needsReplace' && row.ref.id !== null ? adoptable.get(row.ref.id) : undefined}
              onResolve={onResolve}
              onSelect={onSelect}
              onAdopt={onAdopt}
            />
          ))}
        </ul>
      )}
    </>
  );
}

/** "Last send: 4 sent · 1 conflict · 1 not sent", with "Write as whole rows…" while rows wait for it. */
function ResultSummary({
  result,
  language,
  disabled,
  settled,
  onWholeRows,
}: {
  result: PushResult;
  language: Language;
  disabled: boolean;
  /** Every row landed or was brought in. */
  settled: boolean;
  onWholeRows(count: number): void;
}): ReactElement {
  const t = useAppActions().t;
  const waitingWhole = result.counts.needsReplace;
  return (
    <MessageBar intent={settled ? 'success' : 'warning'} layout="multiline" data-testid="push-summary">
      <MessageBarBody>
        <MessageBarTitle>{t('pane.changes.result.title')}</MessageBarTitle>
        {resultSummary(result, language, t)}
      </MessageBarBody>
      {waitingWhole > 0 && (
        <MessageBarActions>
          <Button size="small" disabled={disabled} onClick={() => onWholeRows(waitingWhole)}>
            {t('pane.changes.wholeRows')}
          </Button>
        </MessageBarActions>
      )}
    </MessageBar>
  );
}

interface UnsentRowProps {
  row: PushRow;
  name: string;
  language: Language;
  disabled: boolean;
  /** The row waits for want of an addressable external ID: Adopt is offered, with the ID it would get. */
  adopt: AdoptableRow | undefined;
  onResolve(row: PushRow, resolution: 'mine' | 'theirs'): void;
  onSelect(row: PushRow): void;
  onAdopt(row: AdoptableRow): void;
}

/** A row that did not land: its name, the message (or a conflict's values), Keep mine / Take theirs or Adopt, Show in sheet. */
function UnsentRow({ row, name, language, disabled, adopt, onResolve, onSelect, onAdopt }: UnsentRowProps): ReactElement {
  const app = useAppActions();
  const styles = useStyles();
  const t = app.t;
  const conflict = row.outcome === 'conflict';
  const values = conflict && row.conflicts !== undefined && row.conflicts.length > 0 ? row.conflicts : undefined;
  return (
    <li className={conflict ? `${styles.item} ${styles.conflict}` : styles.item} data-testid={conflict ? 'conflict-row' : 'unsent-row'}>
      <Text weight="semibold">{name}</Text>
      {values && (
        <Text size={200} className={styles.message}>
          {t('pane.changes.conflict.hint')}
        </Text>
      )}
      {values && <ConflictValues conflicts={values} language={language} />}
      {!values && (
        <Text size={200} className={styles.message}>
          {row.message}
        </Text>
      )}
      <div className={styles.buttons}>
        {conflict && (
          <>
            <Button
              size="small"
              disabled={disabled}
              onClick={() => onResolve(row, 'mine')}
              aria-label={t('pane.changes.keepMineFor', { name })}
            >
              {t('pane.changes.keepMine')}
            </Button>
            <Button
              size="small"
              disabled={disabled}
              onClick={() => onResolve(row, 'theirs')}
              aria-label={t('pane.changes.takeTheirsFor', { name })}
            >
              {t('pane.changes.takeTheirs')}
            </Button>
          </>
        )}
        {adopt && (
          <Button
            size="small"
            disabled={disabled}
            onClick={() => onAdopt(adopt)}
            aria-label={t('pane.changes.adopt.rowFor', { name, externalId: adopt.externalId })}
          >
            {t('pane.changes.adopt.row', { externalId: adopt.externalId })}
          </Button>
        )}
        <Button size="small" appearance="subtle" onClick={() => onSelect(row)} aria-label={t('pane.changes.showRowFor', { name })}>
          {t('pane.changes.showRow')}
        </Button>
      </div>
    </li>
  );
}

/** A conflict's values per column: yours and the service's. */
function ConflictValues({ conflicts, language }: { conflicts: NonNullable<PushRow['conflicts']>; language: Language }): ReactElement {
  const app = useAppActions();
  const styles = useStyles();
  const t = app.t;
  const head = `${styles.cell} ${styles.head}`;
  return (
    <table className={styles.values}>
      <thead>
        <tr>
          <th scope="col" className={head}>
            {t('pane.changes.conflict.column')}
          </th>
          <th scope="col" className={head}>
            {t('pane.changes.conflict.yours')}
          </th>
          <th scope="col" className={head}>
            {t('pane.changes.conflict.theirs')}
          </th>
        </tr>
      </thead>
      <tbody>
        {conflicts.map((c) => (
          <tr key={c.field}>
            <th scope="row" className={styles.cell}>
              {c.column}
            </th>
            <td className={styles.cell} data-testid="conflict-mine">
              {changeValue(c.mine, c.field, language, t)}
            </td>
            <td className={styles.cell} data-testid="conflict-theirs">
              {changeValue(c.theirs, c.field, language, t)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
