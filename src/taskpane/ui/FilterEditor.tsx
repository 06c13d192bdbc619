/**
 * A table's filters, inline under its card: date range, accounts and categories (pickers filled from the service)
 * for transactions and budgets, status and type for invoices. Applying them makes the next pull a full one.
 */

import { Button, Combobox, Dropdown, Field, Input, makeStyles, Option, tokens } from '@fluentui/react-components';
import { useState, type ReactElement } from 'react';
import type { PullTarget } from '../../sync/pull';
import type { TableRow } from '../state/app-state';
import { useAppActions, useAppState } from './app-context';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, paddingTop: tokens.spacingVerticalS, borderTop: `1px solid ${tokens.colorNeutralStroke2}` },
  dates: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

const INVOICE_STATUSES = ['OD', 'PL', 'OR', 'PD', 'PP', 'IN', 'HD', 'PR', 'DP', 'CA', 'IP'] as const;
type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

interface Draft {
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

function filtersOf(target: PullTarget): Filters {
  return 'filters' in target && target.filters !== undefined ? (target.filters as Filters) : {};
}

export function hasFilters(target: PullTarget): boolean {
  return Object.values(filtersOf(target)).some((v) => v !== undefined && !(Array.isArray(v) && v.length === 0));
}

const ids = (value: unknown): number[] => (Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : typeof value === 'number' ? [value] : []);

export function FilterEditor({ row, onClose }: { row: TableRow; onClose: () => void }): ReactElement {
  const app = useAppActions();
  const filterOptions = useAppState((s) => s.filterOptions);
  const groupCompanies = useAppState((s) => (s.connection.status === 'connected' ? s.connection.companyIds : NO_COMPANIES));
  const styles = useStyles();
  const t = app.t;
  const resource = row.target.resource;
  const current = filtersOf(row.target);
  const [draft, setDraft] = useState<Draft>({
    min_date: typeof current.min_date === 'string' ? current.min_date : '',
    max_date: typeof current.max_date === 'string' ? current.max_date : '',
    accounts: ids(current.account),
    categories: ids(current.category),
    status: typeof current.status === 'string' ? (current.status as InvoiceStatus) : '',
    type: current.type === 'receivable' || current.type === 'payable' ? current.type : '',
    companies: row.target.resource === 'groupInvoices' ? [...row.target.companyIds] : [],
  });
  const set = (patch: Partial<Draft>): void => setDraft((d) => ({ ...d, ...patch }));
  const dated = resource === 'transactions' || resource === 'forecastBudgets' || resource === 'scenarioBudgets' || resource === 'allBudgets';
  const invoices = resource === 'invoices' || resource === 'groupInvoices';
  const accounts = filterOptions?.accounts ?? [];
  const categories = filterOptions?.categories ?? [];

  const apply = (): void => {
    const optional = <T,>(value: T | '' | [], key: string): Filters => (value === '' || (Array.isArray(value) && value.length === 0) ? {} : { [key]: value });
    let filters: Filters = {};
    if (dated) filters = { ...optional(draft.min_date, 'min_date'), ...optional(draft.max_date, 'max_date'), ...optional(draft.categories, 'category') };
    if (resource === 'transactions') filters = { ...filters, ...optional(draft.accounts, 'account') };
    if (invoices) filters = { ...optional(draft.status, 'status'), ...optional(draft.type, 'type') };
    const target = (
      row.target.resource === 'groupInvoices' ? { ...row.target, filters, companyIds: draft.companies.length > 0 ? draft.companies : groupCompanies } : { ...row.target, filters }
    ) as PullTarget;
    app.setTarget(row.id, target);
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
        <div className={styles.dates}>
          <Field label={t('pane.filters.from')}>
            <Input type="date" value={draft.min_date} onChange={(_, d) => set({ min_date: d.value })} />
          </Field>
          <Field label={t('pane.filters.to')}>
            <Input type="date" value={draft.max_date} onChange={(_, d) => set({ max_date: d.value })} />
          </Field>
        </div>
      )}
      {resource === 'transactions' && <IdPicker label={t('pane.filters.accounts')} all={t('pane.filters.all')} options={accounts} selected={draft.accounts} onChange={(ids) => set({ accounts: ids })} />}
      {dated && <IdPicker label={t('pane.filters.categories')} all={t('pane.filters.all')} options={categories} selected={draft.categories} onChange={(ids) => set({ categories: ids })} />}
      {resource === 'groupInvoices' && (
        <IdPicker
          label={t('pane.filters.companies')}
          all={t('pane.filters.all')}
          options={groupCompanies.map((id) => ({ id, name: t('pane.filters.company', { id }) }))}
          selected={draft.companies.length === groupCompanies.length ? [] : draft.companies}
          onChange={(ids) => set({ companies: ids })}
        />
      )}
      {invoices && (
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
      )}
      <div className={styles.actions}>
        <Button type="submit" size="small" appearance="primary">
          {t('pane.filters.apply')}
        </Button>
        <Button size="small" onClick={onClose}>
          {t('pane.filters.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** A multi-select picker of service objects by id (accounts, categories); none selected means all. */
function IdPicker({ label, all, options, selected, onChange }: { label: string; all: string; options: Array<{ id: number; name: string }>; selected: number[]; onChange: (ids: number[]) => void }): ReactElement {
  return (
    <Field label={label}>
      <Combobox multiselect placeholder={all} selectedOptions={selected.map(String)} value={names(selected, options)} onOptionSelect={(_, d) => onChange(d.selectedOptions.map(Number))}>
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
