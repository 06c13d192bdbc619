/**
 * The charts of the sheet shown, drawn simply (the simulation keeps charts as objects: model/chart-state.ts): a strip
 * under the grid with one small figure per chart, its title and type, each series as a line through its points (a
 * column chart as bars), the categories and values in the figure's accessible description.
 */

import type { ChartSeries, SimulatedWorkbook } from '../excel-sim';

export interface ChartStripProps {
  workbook: SimulatedWorkbook;
  sheet: string;
  /** Changes with the workbook (redraw). */
  version: number;
  label: string;
  locale: string;
}

const WIDTH = 240;
const HEIGHT = 96;
const PAD = 8;

function points(series: ChartSeries, low: number, high: number): string {
  const n = Math.max(1, series.values.length - 1);
  const span = high - low || 1;
  return series.values
    .map((v, i) => (v === null ? null : `${PAD + (i * (WIDTH - 2 * PAD)) / n},${HEIGHT - PAD - ((v - low) * (HEIGHT - 2 * PAD)) / span}`))
    .filter((p): p is string => p !== null)
    .join(' ');
}

export function ChartStrip({ workbook, sheet, version, label, locale }: ChartStripProps): JSX.Element | null {
  void version;
  const charts = workbook.sheetNames().includes(sheet) ? workbook.charts(sheet) : [];
  if (charts.length === 0) return null;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return (
    <div className="preview-charts" role="group" aria-label={label}>
      {charts.map((chart) => {
        const series = workbook.chartSeries(sheet, chart.name);
        const values = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
        const low = Math.min(0, ...values);
        const high = Math.max(0, ...values);
        const description = series
          .map(
            (s) =>
              `${s.name}: ${s.categories.map((c, i) => `${c} ${s.values[i] === null ? '–' : number.format(s.values[i] as number)}`).join(', ')}`,
          )
          .join('; ');
        return (
          <figure key={chart.id} className="preview-chart" data-chart={chart.name}>
            <figcaption>
              {chart.title || chart.name} <span className="preview-chart-type">({chart.type})</span>
            </figcaption>
            <svg width={WIDTH} height={HEIGHT} role="img" aria-label={description}>
              <line
                x1={PAD}
                x2={WIDTH - PAD}
                y1={HEIGHT - PAD - ((0 - low) * (HEIGHT - 2 * PAD)) / (high - low || 1)}
                y2={HEIGHT - PAD - ((0 - low) * (HEIGHT - 2 * PAD)) / (high - low || 1)}
                className="preview-chart-axis"
              />
              {series.map((s) => (
                <polyline key={s.name} points={points(s, low, high)} className="preview-chart-line" />
              ))}
            </svg>
          </figure>
        );
      })}
    </div>
  );
}
