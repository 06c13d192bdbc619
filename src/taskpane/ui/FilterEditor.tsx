/**
 * A table's filters, inline under its card: a period (fixed dates, or one resolved again at each refresh), accounts
 * and categories (the category tree, searchable) for transactions and budgets, status and type for invoices.
 * "Apply and load" makes them the table's filter and loads its rows with them (a full pull: the rows differ).
 */

import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useState, type ReactElement } from 'react';
import { isDated } from '../../sync/filters/table-filter';
import type { TableRow } from '../state/app-state';
import { useAppActions, useAppState } from './app-context';
import { CategoryPicker } from './CategoryPicker';
import { draftOf, filterOf, type Draft } from './filter-draft';
import { IdPicker } from './IdPicker';
import { InvoiceFields } from './InvoiceFields';
import { PeriodFields } from './PeriodFields';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    paddingTop: tokens.spacingVerticalS,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

const NO_COMPANIES: number[] = [];

export function FilterEditor({ row, onClose }: { row: TableRow; onClose: () => void }): ReactElement {
  const app = useAppActions();
  const filterOptions = useAppState((s) => s.filterOptions);
  const groupCompanies = useAppState((s) => (s.connection.status === 'connected' ? s.connection.companyIds : NO_COMPANIES));
  useAppState((s) => s.filterSettings.fiscalYearStartMonth); // a new first month re-resolves the period shown
  const styles = useStyles();
  const t = app.t;
  const resource = row.target.resource;
  const [draft, setDraft] = useState<Draft>(() => draftOf(row));
  const set = (patch: Partial<Draft>): void => setDraft((d) => ({ ...d, ...patch }));
  const dated = isDated(row.target);
  const invoices = resource === 'invoices' || resource === 'groupInvoices';
  const accounts = filterOptions?.accounts ?? [];
  const resolved = draft.period === '' ? undefined : app.periodDates(draft.period);

  const apply = (): void => {
    void app.applyFilter(row.id, filterOf(row, draft, groupCompanies));
    onClose();
  };

  if (!dated && !invoices)
    return (
      <div className={styles.form}>
        <span>{t('pane.filters.none')}</span>
      </div>
    );

  return (
    <form
      className={styles.form}
      aria-label={t('pane.data.filters')}
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
    >
      {dated && <PeriodFields draft={draft} resolved={resolved} set={set} />}
      {resource === 'transactions' && (
        <IdPicker
          label={t('pane.filters.accounts')}
          all={t('pane.filters.all')}
          options={accounts}
          selected={draft.accounts}
          onChange={(ids) => set({ accounts: ids })}
        />
      )}
      {dated && (
        <CategoryPicker
          options={filterOptions?.categories ?? []}
          selected={draft.categories}
          onChange={(ids) => set({ categories: ids })}
        />
      )}
      {resource === 'groupInvoices' && (
        <IdPicker
          label={t('pane.filters.companies')}
          all={t('pane.filters.all')}
          options={groupCompanies.map((id) => ({ id, name: t('pane.filters.company', { id }) }))}
          selected={draft.companies.length === groupCompanies.length ? [] : draft.companies}
          onChange={(ids) => set({ companies: ids })}
        />
      )}
      {invoices && <InvoiceFields draft={draft} set={set} />}
      <div className={styles.actions}>
        <Button type="submit" size="small" appearance="primary">
          {t('pane.filters.applyLoad')}
        </Button>
        <Button size="small" onClick={onClose}>
          {t('pane.filters.cancel')}
        </Button>
      </div>
    </form>
  );
}
