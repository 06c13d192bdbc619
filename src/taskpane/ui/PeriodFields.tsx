/**
 * A dated table's period: fixed dates (From and To), or a period resolved again at each refresh, whose dates of today
 * are shown in its hint and in the disabled date fields.
 */

import { Dropdown, Field, Input, makeStyles, Option, tokens } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import { RELATIVE_PERIODS, type DateRange, type RelativePeriod } from '../../sync/filters/relative-period';
import { useAppActions } from './app-context';
import type { Draft } from './filter-draft';

const useStyles = makeStyles({
  // minmax(0, …): a date input's intrinsic width would push the second column past the pane at 320 px.
  dates: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: tokens.spacingHorizontalS },
  date: { minWidth: 0, width: '100%' },
});

export interface PeriodFieldsProps {
  draft: Draft;
  /** The period's dates as of today; undefined for fixed dates. */
  resolved: DateRange | undefined;
  set(patch: Partial<Draft>): void;
}

export function PeriodFields({ draft, resolved, set }: PeriodFieldsProps): ReactElement {
  const t = useAppActions().t;
  const styles = useStyles();
  return (
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
  );
}
