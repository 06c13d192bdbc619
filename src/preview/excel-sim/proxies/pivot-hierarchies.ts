/**
 * The hierarchies of a PivotTable (ExcelApi 1.8): `pivotTable.hierarchies.getItem(name)` (a field of the source),
 * `rowHierarchies.add(h)`, `columnHierarchies.add(h)`, `dataHierarchies.add(h)` (a `DataPivotHierarchy`: `name`,
 * `summarizeBy`, `numberFormat`). Each change lays the report out again (model/pivot-state.ts). A field already on an
 * axis cannot be added to it again (InvalidArgument); moving a field between axes is not modelled.
 */

import type { Supported } from './api-shape';
import { SimClientObject } from '../batch/client-object';
import { invalidArgument, itemNotFound } from '../batch/errors';
import type { WorkbookState } from '../model/workbook-state';
import type { PivotDataField, PivotState } from '../model/types';
import { checkPivotField, layOutPivot, pivotSource } from '../model/pivot-state';
import type { ActionQueue, ExecEnv } from './types';

export interface PivotBinding {
  pivotId: string;
}

export interface FieldBinding extends PivotBinding {
  field: string;
}

export function pivotOf(env: ExecEnv, b: PivotBinding): PivotState {
  const pivot = env.state.pivots.find((p) => p.id === b.pivotId);
  if (!pivot) throw itemNotFound();
  return pivot;
}

const SUMMARIES = ['Sum', 'Count'];

/** `PivotHierarchy`, `RowColumnPivotHierarchy` (entityName tells which): its `name` is the field's. */
export class SimPivotHierarchy extends SimClientObject<FieldBinding, WorkbookState> implements Supported<Excel.PivotHierarchy, 'name'> {
  protected readonly scalarNames = ['id', 'name'] as const;

  constructor(
    context: ActionQueue,
    objectPath: string,
    resolver: (env: ExecEnv) => FieldBinding | null,
    origin: string | undefined,
    protected readonly entityName: string,
  ) {
    super(context, objectPath, resolver, origin);
  }

  protected readProperties(_env: ExecEnv, b: FieldBinding, select: readonly string[]): Record<string, unknown> {
    return Object.fromEntries(select.map((name) => [name, b.field]));
  }

  get name(): string {
    return this.read('name');
  }
}

/** `DataPivotHierarchy`: the summed field, its caption, function and number format. */
export class SimDataPivotHierarchy
  extends SimClientObject<FieldBinding, WorkbookState>
  implements Supported<Excel.DataPivotHierarchy, 'name' | 'numberFormat'>
{
  protected readonly entityName = 'DataPivotHierarchy';
  protected readonly scalarNames = ['id', 'name', 'numberFormat', 'summarizeBy'] as const;

  private static field(env: ExecEnv, b: FieldBinding): { pivot: PivotState; data: PivotDataField } {
    const pivot = pivotOf(env, b);
    const data = pivot.data.find((d) => d.field === b.field);
    if (!data) throw itemNotFound();
    return { pivot, data };
  }

  protected readProperties(env: ExecEnv, b: FieldBinding, select: readonly string[]): Record<string, unknown> {
    const { data } = SimDataPivotHierarchy.field(env, b);
    const values: Record<string, unknown> = {
      id: data.name,
      name: data.name,
      numberFormat: data.numberFormat,
      summarizeBy: data.summarizeBy,
    };
    return Object.fromEntries(select.map((name) => [name, values[name]]));
  }

  private change(name: string, value: unknown, apply: (data: PivotDataField) => void): void {
    this.setProperty(name, value, (env, b) => {
      const { pivot, data } = SimDataPivotHierarchy.field(env, b);
      apply(data);
      layOutPivot(env.state, pivot);
    });
  }

  get name(): string {
    return this.read('name');
  }
  set name(value: string) {
    this.change('name', value, (data) => {
      if (typeof value !== 'string' || value === '') throw invalidArgument();
      data.name = value;
    });
  }
  get numberFormat(): string {
    return this.read('numberFormat');
  }
  set numberFormat(value: string) {
    this.change('numberFormat', value, (data) => {
      if (typeof value !== 'string') throw invalidArgument();
      data.numberFormat = value === '' ? 'General' : value;
    });
  }
  get summarizeBy(): Excel.AggregationFunction | string {
    return this.read('summarizeBy');
  }
  /** Sum and Count are modelled; the other functions fail with InvalidArgument. */
  set summarizeBy(value: Excel.AggregationFunction | string) {
    this.change('summarizeBy', value, (data) => {
      if (!SUMMARIES.includes(value)) throw invalidArgument('Only Sum and Count are modelled by the Excel simulation.');
      const caption = `${data.summarizeBy} of ${data.field}`;
      data.summarizeBy = value as PivotDataField['summarizeBy'];
      if (data.name === caption) data.name = `${data.summarizeBy} of ${data.field}`;
    });
  }
}

/** `PivotHierarchyCollection` (`pivotTable.hierarchies`): the source's fields. */
export class SimPivotHierarchyCollection extends SimClientObject<PivotBinding, WorkbookState> {
  protected readonly entityName = 'PivotHierarchyCollection';
  protected readonly scalarNames = [] as const;

  protected readProperties(): Record<string, unknown> {
    return {};
  }

  getItem(name: string): SimPivotHierarchy {
    return new SimPivotHierarchy(
      this.context,
      `${this.objectPath}.getItem(${JSON.stringify(name)})`,
      (env) => {
        const b = this.bindIn(env);
        return b === null ? null : { pivotId: b.pivotId, field: checkPivotField(env.state, pivotOf(env, b), name) };
      },
      'PivotHierarchyCollection.getItem',
      'PivotHierarchy',
    );
  }
}

type Axis = 'rows' | 'columns' | 'data';

/** The field a hierarchy proxy of this context stands for, at sync. */
function fieldOf(env: ExecEnv, context: ActionQueue, hierarchy: unknown): FieldBinding {
  if (!(hierarchy instanceof SimPivotHierarchy) || hierarchy.context !== context) throw invalidArgument();
  const b = hierarchy.bindIn(env);
  if (b === null) throw invalidArgument();
  return b;
}

/** `RowColumnPivotHierarchyCollection` and `DataPivotHierarchyCollection`: `add(pivotHierarchy)`. */
export abstract class SimPivotAxis extends SimClientObject<PivotBinding, WorkbookState> {
  protected readonly scalarNames = [] as const;

  constructor(
    context: ActionQueue,
    objectPath: string,
    resolver: (env: ExecEnv) => PivotBinding | null,
    origin: string,
    protected readonly entityName: string,
    private readonly axis: Axis,
  ) {
    super(context, objectPath, resolver, origin);
  }

  protected readProperties(): Record<string, unknown> {
    return {};
  }

  private addField(env: ExecEnv, b: PivotBinding, hierarchy: unknown): FieldBinding {
    const field = fieldOf(env, this.context, hierarchy);
    const pivot = pivotOf(env, b);
    const used = [...pivot.rows, ...pivot.columns, ...pivot.data.map((d) => d.field)];
    if (this.axis !== 'data' && used.includes(field.field)) throw invalidArgument('The field is already on an axis of the PivotTable.');
    if (this.axis === 'data' && pivot.data.some((d) => d.field === field.field)) throw invalidArgument();
    if (this.axis === 'rows') pivot.rows.push(field.field);
    else if (this.axis === 'columns') pivot.columns.push(field.field);
    else pivot.data.push(defaultDataField(env, pivot, field.field));
    layOutPivot(env.state, pivot);
    return field;
  }

  /** Queues the add; the path and resolver of the hierarchy it makes. */
  protected queueAdd(pivotHierarchy: unknown): { path: string; resolve: () => FieldBinding } {
    let added: FieldBinding | undefined;
    const path = `${this.objectPath}.add(${pivotHierarchy instanceof SimClientObject ? pivotHierarchy.objectPath : 'undefined'})`;
    this.queue('Method', 'add', [path], (env, b) => {
      added = this.addField(env, b, pivotHierarchy);
    });
    return {
      path,
      resolve: () => {
        if (!added) throw itemNotFound();
        return added;
      },
    };
  }
}

/** `RowColumnPivotHierarchyCollection` (rows or columns). */
export class SimRowColumnAxis extends SimPivotAxis {
  add(pivotHierarchy: unknown): SimPivotHierarchy {
    const { path, resolve } = this.queueAdd(pivotHierarchy);
    return new SimPivotHierarchy(this.context, path, resolve, 'RowColumnPivotHierarchyCollection.add', 'RowColumnPivotHierarchy');
  }
}

/** `DataPivotHierarchyCollection`. */
export class SimDataAxis extends SimPivotAxis {
  add(pivotHierarchy: unknown): SimDataPivotHierarchy {
    const { path, resolve } = this.queueAdd(pivotHierarchy);
    return new SimDataPivotHierarchy(this.context, path, resolve, 'DataPivotHierarchyCollection.add');
  }
}

/** Excel's default: Sum when every value of the field is a number, else Count. */
function defaultDataField(env: ExecEnv, pivot: PivotState, field: string): PivotDataField {
  const { fields, records } = pivotSource(env.state, pivot.source);
  const index = fields.indexOf(field);
  const numeric = records.every((r) => r[index]?.kind === 'Double');
  const summarizeBy = numeric ? 'Sum' : 'Count';
  return { field, name: `${summarizeBy} of ${field}`, summarizeBy, numberFormat: 'General' };
}
