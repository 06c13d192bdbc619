/**
 * Data › Plan grid (#31): which plan, the first month and how many months, the day new figures fall due; Build grid,
 * Send figures, Undo last send, and what each did (figures that did not land listed with why: they stay in their
 * cells). Shown for a company's credentials where the host has a Plan sheet (Excel, the preview). The rules are in
 * the state (`app.buildPlanGrid`, `app.sendPlanGrid`, `app.undoPlanGrid`).
 */

import { Button, Card, Dropdown, Field, Input, makeStyles, Option, Spinner, Text, tokens } from '@fluentui/react-components';
import { ArrowUndo16Regular, ArrowUpload16Regular, Grid16Regular } from '@fluentui/react-icons';
import { useState, type ReactElement } from 'react';
import type { CellComposition } from '../../sync/plan-grid';
import type { Language } from '../../i18n/catalog';
import { monthLabeller } from '../state/plan-grid-state';
import { useAppActions, useAppState } from './app-context';
import { OutcomeMessage } from './OutcomeMessage';
import { formatAmount, formatInteger } from './format';

const useStyles = makeStyles({
  card: { gap: tokens.spacingVerticalS },
  title: { fontWeight: tokens.fontWeightSemibold },
  meta: { color: tokens.colorNeutralForeground3 },
  fields: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: tokens.spacingHorizontalS },
  // Fluent's Dropdown keeps a minimum width wider than half of a 320 px pane: the grid's column decides.
  control: { minWidth: 0, width: '100%', boxSizing: 'border-box' },
  wide: { gridColumn: '1 / -1' },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  composition: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    paddingTop: tokens.spacingVerticalS,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  parts: { margin: 0, padding: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  part: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  amount: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
});

const MONTH_CHOICES = [6, 12, 18, 24, 36];
const DAY_CHOICES: readonly (number | 'last')[] = ['last', 1, 10, 15, 20, 25];

export function PlanGridCard(): ReactElement | null {
  const app = useAppActions();
  const view = useAppState((s) => s.planGrid);
  const language = useAppState((s) => s.language);
  const company = useAppState((s) => s.connection.status === 'connected' && s.connection.profile.kind === 'company');
  const locked = useAppState((s) => s.job !== undefined);
  const styles = useStyles();
  const t = app.t;
  if (!company || !view.available) return null;
  const busy = view.status !== 'idle';
  return (
    <Card className={styles.card} aria-labelledby="plan-grid-title" data-testid="plan-grid-card">
      <Text id="plan-grid-title" as="h2" size={300} className={styles.title}>
        {t('grid.card.title')}
      </Text>
      <Text size={200} className={styles.meta}>
        {t('grid.card.intro')}
      </Text>
      <PlanChoices busy={busy} />
      <div className={styles.actions}>
        <Button appearance="primary" icon={<Grid16Regular />} disabled={busy || locked} onClick={() => void app.buildPlanGrid()}>
          {t('grid.card.build')}
        </Button>
        <Button icon={<ArrowUpload16Regular />} disabled={busy || locked} onClick={() => void app.sendPlanGrid()}>
          {t('grid.card.send')}
        </Button>
        <Button appearance="subtle" icon={<ArrowUndo16Regular />} disabled={busy || locked} onClick={() => void app.undoPlanGrid()}>
          {t('grid.card.undo')}
        </Button>
      </div>
      <div role="status" aria-live="polite">
        {view.status !== 'idle' && <Spinner size="tiny" labelPosition="after" label={t(`grid.card.${view.status}`)} />}
        {!busy && view.message !== undefined && <OutcomeMessage message={view.message} testId="plan-grid-outcome" />}
      </div>
      {view.composition !== undefined && <Composition composition={view.composition} language={language} />}
      {view.composition?.kind === 'plan' && <FillHelpers busy={busy || locked} />}
    </Card>
  );
}

/** Which plan, the first month and how many months, the day new figures fall due. */
function PlanChoices({ busy }: { busy: boolean }): ReactElement {
  const app = useAppActions();
  const view = useAppState((s) => s.planGrid);
  const styles = useStyles();
  const t = app.t;
  const choices = app.planGridChoices();
  const dayLabel = (day: number | 'last'): string => (day === 'last' ? t('grid.card.lastDay') : t('grid.card.dayOf', { day }));
  return (
    <div className={styles.fields}>
      <Field label={t('grid.card.plan')} className={styles.wide}>
        <Dropdown
          className={styles.control}
          value={choices.find((c) => c.value === view.plan)?.label ?? ''}
          selectedOptions={[view.plan]}
          disabled={busy}
          onOptionSelect={(_, d) => d.optionValue !== undefined && app.choosePlanGrid({ plan: d.optionValue })}
        >
          {choices.map((c) => (
            <Option key={c.value} value={c.value}>
              {c.label}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label={t('grid.card.from')}>
        <Input
          className={styles.control}
          type="month"
          value={view.from}
          disabled={busy}
          onChange={(_, d) => /^\d{4}-\d{2}$/.test(d.value) && app.choosePlanGrid({ from: d.value })}
        />
      </Field>
      <Field label={t('grid.card.months')}>
        <Dropdown
          className={styles.control}
          value={String(view.months)}
          selectedOptions={[String(view.months)]}
          disabled={busy}
          onOptionSelect={(_, d) => app.choosePlanGrid({ months: Number(d.optionValue) })}
        >
          {MONTH_CHOICES.map((m) => (
            <Option key={m} value={String(m)}>
              {String(m)}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label={t('grid.card.day')} className={styles.wide}>
        <Dropdown
          className={styles.control}
          value={dayLabel(view.day)}
          selectedOptions={[String(view.day)]}
          disabled={busy}
          onOptionSelect={(_, d) => app.choosePlanGrid({ day: d.optionValue === 'last' ? 'last' : Number(d.optionValue) })}
        >
          {DAY_CHOICES.map((day) => (
            <Option key={String(day)} value={String(day)}>
              {dayLabel(day)}
            </Option>
          ))}
        </Dropdown>
      </Field>
    </div>
  );
}

/** The input helpers on the selected category: they fill cells, nothing is sent before Send figures. */
function FillHelpers({ busy }: { busy: boolean }): ReactElement {
  const app = useAppActions();
  const t = app.t;
  const styles = useStyles();
  const [amount, setAmount] = useState('');
  const [pattern, setPattern] = useState<'even' | 'lastYear'>('even');
  const patternLabel = (p: 'even' | 'lastYear'): string => t(p === 'even' ? 'grid.fill.even' : 'grid.fill.lastYear');
  return (
    <section className={styles.composition} aria-labelledby="plan-grid-fill" data-testid="plan-grid-fill">
      <Text id="plan-grid-fill" as="h3" size={200} weight="semibold">
        {t('grid.fill.heading')}
      </Text>
      <div className={styles.actions}>
        <Button size="small" disabled={busy} onClick={() => void app.copyLastYearToPlan()}>
          {t('grid.fill.copy')}
        </Button>
      </div>
      <div className={styles.fields}>
        <Field label={t('grid.fill.amount')}>
          <Input className={styles.control} inputMode="decimal" value={amount} disabled={busy} onChange={(_, d) => setAmount(d.value)} />
        </Field>
        <Field label={t('grid.fill.pattern')}>
          <Dropdown
            className={styles.control}
            value={patternLabel(pattern)}
            selectedOptions={[pattern]}
            disabled={busy}
            onOptionSelect={(_, d) => setPattern(d.optionValue === 'lastYear' ? 'lastYear' : 'even')}
          >
            <Option value="even">{patternLabel('even')}</Option>
            <Option value="lastYear">{patternLabel('lastYear')}</Option>
          </Dropdown>
        </Field>
      </div>
      <div className={styles.actions}>
        <Button size="small" disabled={busy || amount.trim() === ''} onClick={() => void app.spreadYearlyFigure(amount, pattern)}>
          {t('grid.fill.spreadButton')}
        </Button>
      </div>
    </section>
  );
}

/** What makes up the selected cell: its budgets (the grid's own marked) or how many transactions it sums. */
function Composition({ composition, language }: { composition: CellComposition; language: Language }): ReactElement {
  const t = useAppActions().t;
  const styles = useStyles();
  const month = monthLabeller(language)(composition.month);
  return (
    <section className={styles.composition} aria-labelledby="plan-grid-cell" data-testid="plan-grid-composition">
      <Text id="plan-grid-cell" as="h3" size={200} weight="semibold">
        {t('grid.cell.heading', { category: composition.category, month })}
      </Text>
      <Text size={200}>
        {t(composition.kind === 'plan' ? 'grid.cell.plan' : 'grid.cell.actual', {
          amount: formatAmount(composition.cents / 100, language),
        })}
      </Text>
      {composition.kind === 'actual' ? (
        <Text size={200} className={styles.meta}>
          {t('grid.cell.transactions', { count: formatInteger(composition.transactions, language) })}
        </Text>
      ) : composition.budgets.length === 0 ? (
        <Text size={200} className={styles.meta}>
          {t('grid.cell.noBudgets')}
        </Text>
      ) : (
        <ul className={styles.parts}>
          {composition.budgets.map((b) => (
            <li key={b.id} className={styles.part}>
              <Text size={200}>
                {b.own ? t('grid.cell.own', { name: b.name }) : b.recurring ? t('grid.cell.recurring', { name: b.name }) : b.name}
              </Text>
              <Text size={200} className={styles.amount}>
                {formatAmount(b.cents / 100, language)}
              </Text>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
