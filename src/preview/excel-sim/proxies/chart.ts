/**
 * `Excel.ChartCollection`, `Chart` and `ChartTitle` (ExcelApi 1.1) as objects (model/chart-state.ts):
 * `worksheet.charts.add(type, sourceData, seriesBy)`, `getItem`, `getItemOrNullObject`, `getCount`; a chart's `name`,
 * `chartType`, `title.text`, `setPosition(startCell, endCell)` (its cells; the end cell optional) and `delete()`.
 * Axes, series objects, formats and legends are not modelled (reading them fails: not supported).
 */

import type { Supported } from './api-shape';
import type { SimClientResult } from '../batch/client-object';
import { SimClientObject } from '../batch/client-object';
import { invalidArgument, itemNotFound } from '../batch/errors';
import { parseLocalAddress, splitSheet, type CellBox } from '../model/address';
import { addChart } from '../model/chart-state';
import type { ChartSeriesBy, ChartState } from '../model/types';
import type { WorkbookState } from '../model/workbook-state';
import type { SheetBinding } from './bindings';
import { SimCollection } from './collection';
import { SimRange } from './range';
import type { ActionQueue, ExecEnv } from './types';

interface ChartBinding {
  chartId: string;
}

function chartOf(env: ExecEnv, b: ChartBinding): ChartState {
  const chart = env.state.charts.find((c) => c.id === b.chartId);
  if (!chart) throw itemNotFound();
  return chart;
}

export class SimChartTitle extends SimClientObject<ChartBinding, WorkbookState> implements Supported<Excel.ChartTitle, 'text'> {
  protected readonly entityName = 'ChartTitle';
  protected readonly scalarNames = ['text'] as const;

  protected readProperties(env: ExecEnv, b: ChartBinding, select: readonly string[]): Record<string, unknown> {
    return Object.fromEntries(select.map((name) => [name, chartOf(env, b).title]));
  }
  get text(): string {
    return this.read('text');
  }
  set text(value: string) {
    this.setProperty('text', value, (env, b) => {
      if (typeof value !== 'string') throw invalidArgument();
      chartOf(env, b).title = value;
    });
  }
}

export class SimChart
  extends SimClientObject<ChartBinding, WorkbookState>
  implements Supported<Excel.Chart, 'name' | 'id' | 'setPosition' | 'delete' | 'load' | 'isNullObject'>
{
  protected readonly entityName = 'Chart';
  protected readonly scalarNames = ['id', 'name', 'chartType'] as const;
  private titleProxy: SimChartTitle | undefined;

  protected readProperties(env: ExecEnv, b: ChartBinding, select: readonly string[]): Record<string, unknown> {
    const chart = chartOf(env, b);
    const values: Record<string, unknown> = { id: chart.id, name: chart.name, chartType: chart.type };
    return Object.fromEntries(select.map((name) => [name, values[name]]));
  }

  get id(): string {
    return this.read('id');
  }
  get name(): string {
    return this.read('name');
  }
  set name(value: string) {
    this.setProperty('name', value, (env, b) => {
      if (typeof value !== 'string' || value === '') throw invalidArgument();
      chartOf(env, b).name = value;
    });
  }
  get chartType(): string {
    return this.read('chartType');
  }
  get title(): SimChartTitle {
    this.titleProxy ??= new SimChartTitle(this.context, `${this.objectPath}.title`, (env) => this.bindIn(env), 'Chart.title');
    return this.titleProxy;
  }

  private cellOf(env: ExecEnv, chart: ChartState, cell: unknown): CellBox {
    if (cell instanceof SimRange) {
      const rb = cell.bindIn(env);
      if (rb === null || rb.sheetId !== chart.sheetId) throw invalidArgument();
      return rb.box;
    }
    if (typeof cell !== 'string') throw invalidArgument();
    return parseLocalAddress(splitSheet(cell).local);
  }

  /** The chart covers the cells from the start cell to the end cell (left out: the chart keeps its size). */
  setPosition(startCell: Excel.Range | string | SimRange, endCell?: Excel.Range | string | SimRange): void {
    const wire = (x: unknown): unknown => (x instanceof SimClientObject ? x.objectPath : x);
    this.queue('Method', 'setPosition', [wire(startCell), wire(endCell)], (env, b) => {
      const chart = chartOf(env, b);
      const start = this.cellOf(env, chart, startCell);
      const end = endCell === undefined ? null : this.cellOf(env, chart, endCell);
      chart.position = {
        row: start.row,
        column: start.column,
        rowCount: end ? Math.max(1, end.row + end.rowCount - start.row) : chart.position.rowCount,
        columnCount: end ? Math.max(1, end.column + end.columnCount - start.column) : chart.position.columnCount,
      };
    });
  }

  delete(): void {
    this.queue('Method', 'delete', [], (env, b) => {
      const chart = chartOf(env, b);
      env.state.charts.splice(env.state.charts.indexOf(chart), 1);
    });
  }
}

export class SimChartCollection
  extends SimCollection<SheetBinding, SimChart>
  implements Supported<Excel.ChartCollection, 'getItem' | 'getItemOrNullObject' | 'getCount' | 'load'>
{
  protected readonly entityName = 'ChartCollection';
  protected readonly scalarNames = ['count'] as const;

  constructor(context: ActionQueue, objectPath: string, resolver: (env: ExecEnv) => SheetBinding | null, origin: string) {
    super(context, objectPath, resolver, origin);
  }

  private chartsOf(env: ExecEnv, b: SheetBinding): ChartState[] {
    return env.state.charts.filter((c) => c.sheetId === b.sheetId);
  }

  protected readProperties(env: ExecEnv, b: SheetBinding, select: readonly string[]): Record<string, unknown> {
    return select.includes('count') ? { count: this.chartsOf(env, b).length } : {};
  }

  protected itemsIn(env: ExecEnv, b: SheetBinding): SimChart[] {
    return this.chartsOf(env, b).map(
      (c) => new SimChart(this.context, `${this.objectPath}.items[${JSON.stringify(c.id)}]`, () => ({ chartId: c.id })),
    );
  }

  private child(name: string, args: unknown[], resolve: (env: ExecEnv, b: SheetBinding) => ChartBinding | null): SimChart {
    const path = `${this.objectPath}.${name}(${args.map((a) => JSON.stringify(a) ?? 'undefined').join(',')})`;
    return new SimChart(
      this.context,
      path,
      (env) => {
        const b = this.bindIn(env);
        return b === null ? null : resolve(env, b);
      },
      `ChartCollection.${name}`,
    );
  }

  /** `add(type, sourceData, seriesBy)`: the source a range of this context (its sheet may be another). */
  add(type: Excel.ChartType | string, sourceData: Excel.Range | SimRange, seriesBy?: Excel.ChartSeriesBy | ChartSeriesBy): SimChart {
    let created: ChartBinding | undefined;
    const path = sourceData instanceof SimRange ? sourceData.objectPath : undefined;
    this.queue('Method', 'add', [type, path, seriesBy], (env, b) => {
      if (!(sourceData instanceof SimRange) || sourceData.context !== this.context) throw invalidArgument();
      const source = sourceData.bindIn(env);
      if (source === null) throw invalidArgument();
      const chart = addChart(env.state, b.sheetId, type, source, (seriesBy ?? 'Auto') as ChartSeriesBy);
      created = { chartId: chart.id };
    });
    return this.child('add', [type], () => {
      if (!created) throw itemNotFound();
      return created;
    });
  }

  getItem(name: string): SimChart {
    return this.child('getItem', [name], (env, b) => {
      const c = this.chartsOf(env, b).find((x) => x.name === name);
      if (!c) throw itemNotFound();
      return { chartId: c.id };
    });
  }

  getItemOrNullObject(name: string): SimChart {
    return this.child('getItemOrNullObject', [name], (env, b) => {
      const c = this.chartsOf(env, b).find((x) => x.name === name);
      return c ? { chartId: c.id } : null;
    });
  }

  getCount(): SimClientResult<number> {
    return this.queueResult('getCount', [], (env, b) => this.chartsOf(env, b).length);
  }
}
