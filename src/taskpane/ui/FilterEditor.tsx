/**
 * A table's filters, inline under its card: a period (fixed dates, or one resolved again at each refresh), accounts
 * and categories (the category tree, searchable) for transactions and budgets, status and type for invoices.
 * "Apply and load" makes them the table's filter and loads its rows with them (a full pull: the rows differ).
 */

import { Button, Combobox, Dropdown, Field, Input, makeStyles, Option, tokens } from '@fluentui/react-components';
import { useState, type ReactElement } from 'react';
import { RELATIVE_PERIODS, type RelativePeriod } from '../../sync/filters/relative-period';
import { filtersOf, isDated, type TableFilter } from '../../sync/filters/table-filter';
import type { PullTarget } from '../../sync/pull';
import type { TableRow } from '../state/app-state';
import { useAppActions, useAppState } from './app-context';
import { CategoryPicker } from './CategoryPicker';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    paddingTop: tokens.spacingVerticalS,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  // minmax(0, …): a date input's intrinsic width would push the second column past the pane at 320 px.
  dates: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: tokens.spacingHorizontalS },
  date: { minWidth: 0, width: '100%' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

const INVOICE_STATUSES = ['OD', 'PL', 'OR', 'PD', 'PP', 'IN', 'HD', 'PR', 'DP', 'CA', 'IP'] as const;
type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

interface Draft {
  period: RelativePeriod | '';
  min_date: string;
  max_date: string;
  accounts: number[];
  categories: number[];
  status: InvoiceStatus | '';
  type: 'receivable' | 'payable' | '';
  /** A group's invoices: the companies to pull. */
  companies: number[];
}

type Filters = Record<string, unknown>;

const NO_COMPANIES: number[] = [];

const ids = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : typeof value === 'number' ? [value] : [];

function draftOf(row: TableRow): Draft {
  const current = filtersOf(row.target);
  return {
    period: row.period ?? '',
    min_date: typeof current.min_date === 'string' ? current.min_date : '',
    max_date: typeof current.max_date === 'string' ? current.max_date : '',
    accounts: ids(current.account),
    categories: ids(current.category),
    status: typeof current.status === 'string' ? (current.status as InvoiceStatus) : '',
    type: current.type === 'receivable' || current.type === 'payable' ? current.type : '',
    companies: row.target.resource === 'groupInvoices' ? [...row.target.companyIds] : [],
  };
}

/** The table filter a draft stands for (a period leaves the dates to each pull). */
function filterOf(row: TableRow, draft: Draft, groupCompanies: number[]): TableFilter {
  const optional = <T,>(value: T | '' | [], key: string): Filters =>
    value === '' || (Array.isArray(value) && value.length === 0) ? {} : { [key]: value };
  const resource = row.target.resource;
  let filters: Filters = {};
  if (isDated(row.target)) {
    const dates = draft.period === '' ? { ...optional(draft.min_date, 'min_date'), ...optional(draft.max_date, 'max_date') } : {};
    filters = { ...dates, ...optional(draft.categories, 'category') };
  }
  if (resource === 'transactions') filters = { ...filters, ...optional(draft.accounts, 'account') };
  if (resource === 'invoices' || resource === 'groupInvoices')
    filters = { ...optional(draft.status, 'status'), ...optional(draft.type, 'type') };
  const target = (
    row.target.resource === 'groupInvoices'
      ? { ...row.target, filters, companyIds: draft.companies.length > 0 ? draft.companies : groupCompanies }
      : { ...row.target, filters }
  ) as PullTarget;
  return draft.period === '' || !isDated(row.target) ? { target } : { target, period: draft.period };
}

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
      {dated && (
        <>
          <Field
            label={t('pane.filters.period')}
            hint={
              resolved === undefined
                ? undefined
                : t('pane.filters.periodHint', { dates: t('filter.words.range', { from: resolved.min_date, to: resolved.max_date }) })
            }
          >
            <Dropdown
              value={draft.period === '' ? t('pane.filters.periodFixed') : t(`filter.period.${draft.period}`)}
              selectedOptions={[draft.period]}
              onOptionSelect={(_, d) =>
                set({
                  period: (RELATIVE_PERIODS as readonly string[]).includes(d.optionValue ?? '') ? (d.optionValue as RelativePeriod) : '',
                })
              }
              data-testid="period"
            >
              <Option value="">{t('pane.filters.periodFixed')}</Option>
              {RELATIVE_PERIODS.map((p) => (
                <Option key={p} value={p}>
                  {t(`filter.period.${p}`)}
                </Option>
              ))}
            </Dropdown>
          </Field>
          <div className={styles.dates}>
            <Field label={t('pane.filters.from')}>
              <Input
                className={styles.date}
                type="date"
                disabled={resolved !== undefined}
                value={resolved?.min_date ?? draft.min_date}
                onChange={(_, d) => set({ min_date: d.value })}
              />
            </Field>
            <Field label={t('pane.filters.to')}>
              <Input
                className={styles.date}
                type="date"
                disabled={resolved !== undefined}
                value={resolved?.max_date ?? draft.max_date}
                onChange={(_, d) => set({ max_date: d.value })}
              />
            </Field>
          </div>
        </>
      )}
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

function InvoiceFields({ draft, set }: { draft: Draft; set: (patch: Partial<Draft>) => void }): ReactElement {
  const t = useAppActions().t;
  return (
    <>
      <Field label={t('pane.filters.status')}>
        <Dropdown
          value={draft.status === '' ? t('pane.filters.all') : t(`pane.invoiceStatus.${draft.status}`)}
          selectedOptions={[draft.status]}
          onOptionSelect={(_, d) => set({ status: (d.optionValue ?? '') as InvoiceStatus | '' })}
        >
          <Option value="">{t('pane.filters.all')}</Option>
          {INVOICE_STATUSES.map((s) => (
            <Option key={s} value={s}>
              {t(`pane.invoiceStatus.${s}`)}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label={t('pane.filters.type')}>
        <Dropdown
          value={draft.type === '' ? t('pane.filters.all') : t(`pane.invoiceType.${draft.type}`)}
          selectedOptions={[draft.type]}
          onOptionSelect={(_, d) => set({ type: d.optionValue === 'receivable' || d.optionValue === 'payable' ? d.optionValue : '' })}
        >
          <Option value="">{t('pane.filters.all')}</Option>
          <Option value="receivable">{t('pane.invoiceType.receivable')}</Option>
          <Option value="payable">{t('pane.invoiceType.payable')}</Option>
        </Dropdown>
      </Field>
    </>
  );
}

/** A multi-select picker of service objects by id (accounts, companies); none selected means all. */
function IdPicker({
  label,
  all,
  options,
  selected,
  onChange,
}: {
  label: string;
  all: string;
  options: Array<{ id: number; name: string }>;
  selected: number[];
  onChange: (ids: number[]) => void;
}): ReactElement {
  return (
    <Field label={label}>
      <Combobox
        multiselect
        placeholder={all}
        selectedOptions={selected.map(String)}
        value={names(selected, options)}
        onOptionSelect={(_, d) => onChange(d.selectedOptions.map(Number))}
      >
        {options.map((o) => (
          <Option key={o.id} value={String(o.id)}>
            {o.name}
          </Option>
        ))}
      </Combobox>
    </Field>
  );
}

function names(selected: number[], options: Array<{ id: number; name: string }>): string {
  return selected.map((id) => options.find((o) => o.id === id)?.name ?? `#${id}`).join(', ');
}
