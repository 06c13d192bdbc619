/**
 * Overview: today's balance, the forecast balances at the summary's horizons with the overdraft limit as a line
 * (a chart with the figures beside it, so nothing depends on seeing colours), open receivables and payables.
 */

import { Button, Card, makeStyles, MessageBar, MessageBarBody, Skeleton, SkeletonItem, Text, tokens } from '@fluentui/react-components';
import { VerticalBarChart, type VerticalBarChartDataPoint } from '@fluentui/react-charts';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import type { HorizonFigure } from '../../sync/overview';
import { useApp } from './app-context';
import { LOCALES } from '../state/app-state';
import { formatAmount, formatCompact, formatDateTime } from './format';

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  figures: {
    display: 'grid',
    gridTemplateColumns: '1fr auto',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS,
    margin: 0,
  },
  amount: { textAlign: 'end', fontVariantNumeric: 'tabular-nums', margin: 0 },
  negative: { color: tokens.colorPaletteRedForeground1 },
  muted: { color: tokens.colorNeutralForeground3 },
});

export function OverviewView(): ReactElement {
  const { app, state } = useApp();
  const styles = useStyles();
  const t = app.t;
  const overview = state.overview;
  const language = state.language;
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);

  if (overview.status === 'failed')
    return (
      <div className={styles.stack}>
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>{t('pane.overview.failed', { reason: overview.message })}</MessageBarBody>
        </MessageBar>
        <Button onClick={() => void app.loadOverview()}>{t('pane.overview.retry')}</Button>
      </div>
    );
  if (overview.status !== 'ready')
    return (
      <Skeleton aria-label={t('pane.loading')}>
        <SkeletonItem size={24} />
        <SkeletonItem size={128} />
      </Skeleton>
    );

  const data = overview.data;
  const label = (h: HorizonFigure): string => t(`pane.horizon.${h.horizon}`);
  const points: VerticalBarChartDataPoint[] = data.horizons
    .filter((h) => h.balance !== null)
    .map((h) => ({
      x: label(h),
      y: h.balance ?? 0,
      legend: t('pane.overview.balance'),
      yAxisCalloutData: formatAmount(h.balance ?? 0, language),
      ...(h.limit === null ? {} : { lineData: { y: -h.limit, yAxisCalloutData: formatAmount(-h.limit, language) } }),
    }));

  return (
    <div className={styles.stack} ref={box}>
      <Card>
        <Text size={200} className={styles.muted}>
          {t('pane.overview.balanceToday')}
        </Text>
        <Text size={600} weight="semibold" className={data.balanceToday < 0 ? styles.negative : undefined}>
          {formatAmount(data.balanceToday, language)}
        </Text>
      </Card>
      {points.length > 0 && width > 0 && (
        <VerticalBarChart
          chartTitle={t('pane.overview.chartTitle')}
          data={points}
          width={width}
          height={200}
          lineLegendText={t('pane.overview.limitLine')}
          yAxisTickFormat={(value: number) => formatCompact(value, language)}
          culture={LOCALES[language]}
          useSingleColor
          hideLabels
          roundCorners
          maxBarWidth={28}
          // Room for a minus sign on the axis (an overdraft, the limit line below zero).
          margins={{ left: 56, right: 32, top: 16, bottom: 36 }}
          lineLegendColor="#d13438"
        />
      )}
      <section aria-label={t('pane.overview.horizons')}>
        <Text as="h2" weight="semibold" block>
          {t('pane.overview.horizons')}
        </Text>
        <dl className={styles.figures}>
          {data.horizons.map((h) => (
            <Figure key={h.horizon} label={label(h)} value={h.balance} limit={h.limit} />
          ))}
        </dl>
      </section>
      <section aria-label={t('pane.overview.openItems')}>
        <Text as="h2" weight="semibold" block>
          {t('pane.overview.openItems')}
        </Text>
        <dl className={styles.figures}>
          <Figure label={t('pane.overview.receivables')} value={data.openReceivables} />
          <Figure label={t('pane.overview.payables')} value={data.openPayables} />
        </dl>
      </section>
      <Text size={200} className={styles.muted}>
        {t('pane.overview.asOf', { time: formatDateTime(overview.at, language) })}
      </Text>
      <Button onClick={() => void app.loadOverview()}>{t('pane.overview.refresh')}</Button>
    </div>
  );
}

function Figure({ label, value, limit }: { label: string; value: number | null; limit?: number | null }): ReactElement {
  const { app, state } = useApp();
  const styles = useStyles();
  const t = app.t;
  return (
    <>
      <dt>
        {label}
        {limit !== undefined && limit !== null && (
          <Text size={200} className={styles.muted} block>
            {t('pane.overview.limit', { amount: formatAmount(limit, state.language) })}
          </Text>
        )}
      </dt>
      <dd className={`${styles.amount} ${value !== null && value < 0 ? styles.negative : ''}`}>
        {value === null ? t('pane.overview.noForecast') : formatAmount(value, state.language)}
      </dd>
    </>
  );
}

/** The width the chart may take (the pane is 320 px by default, wider when the user drags it). */
function useWidth(ref: React.RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const observer = new ResizeObserver(() => setWidth(Math.floor(element.clientWidth)));
    observer.observe(element);
    setWidth(Math.floor(element.clientWidth));
    return () => observer.disconnect();
  });
  return width;
}
