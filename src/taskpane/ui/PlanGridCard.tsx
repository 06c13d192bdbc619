/**
 * Data › Plan grid (#31): which plan, the first month and how many months, the day new figures fall due; Build grid,
 * Send figures, Undo last send, and what each did (figures that did not land listed with why: they stay in their
 * cells). Shown for a company's credentials where the host has a Plan sheet (Excel, the preview). The rules are in
 * the state (`app.buildPlanGrid`, `app.sendPlanGrid`, `app.undoPlanGrid`).
 */

import {
  Button,
  Card,
  Dropdown,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Option,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowUndo16Regular, ArrowUpload16Regular, Grid16Regular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useAppActions, useAppState } from './app-context';

const useStyles = makeStyles({
  card: { gap: tokens.spacingVerticalS },
  title: { fontWeight: tokens.fontWeightSemibold },
  meta: { color: tokens.colorNeutralForeground3 },
  fields: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: tokens.spacingHorizontalS },
  // Fluent's Dropdown keeps a minimum width wider than half of a 320 px pane: the grid's column decides.
  control: { minWidth: 0, width: '100%', boxSizing: 'border-box' },
  wide: { gridColumn: '1 / -1' },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  notes: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL },
});

const MONTH_CHOICES = [6, 12, 18, 24, 36];
const DAY_CHOICES: readonly (number | 'last')[] = ['last', 1, 10, 15, 20, 25];

export function PlanGridCard(): ReactElement | null {
  const app = useAppActions();
  const view = useAppState((s) => s.planGrid);
  const company = useAppState((s) => s.connection.status === 'connected' && s.connection.profile.kind === 'company');
  const locked = useAppState((s) => s.job !== undefined);
  const styles = useStyles();
  const t = app.t;
  if (!company || !view.available) return null;
  const busy = view.status !== 'idle';
  const choices = app.planGridChoices();
  const dayLabel = (day: number | 'last'): string => (day === 'last' ? t('grid.card.lastDay') : t('grid.card.dayOf', { day }));
  return (
    <Card className={styles.card} aria-labelledby="plan-grid-title" data-testid="plan-grid-card">
      <Text id="plan-grid-title" as="h2" size={300} className={styles.title}>
        {t('grid.card.title')}
      </Text>
      <Text size={200} className={styles.meta}>
        {t('grid.card.intro')}
      </Text>
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
        {!busy && view.message !== undefined && (
          <MessageBar intent={view.message.intent} layout="multiline" data-testid="plan-grid-outcome">
            <MessageBarBody>
              {view.message.text}
              {view.message.notes.length > 0 && (
                <ul className={styles.notes}>
                  {view.message.notes.map((note) => (
                    <li key={note}>{note}</li>
                  ))}
                </ul>
              )}
            </MessageBarBody>
          </MessageBar>
        )}
      </div>
    </Card>
  );
}
