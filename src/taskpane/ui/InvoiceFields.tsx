/** The invoice filters: status and type (receivable or payable), each "All" when none is chosen. */

import { Dropdown, Field, Option } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { useAppActions } from './app-context';
import { INVOICE_STATUSES, type Draft, type InvoiceStatus } from './filter-draft';

export function InvoiceFields({ draft, set }: { draft: Draft; set: (patch: Partial<Draft>) => void }): ReactElement {
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
