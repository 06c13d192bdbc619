/**
 * The rows of a planning grid (#31) as a host lays them out, top to bottom: the category tree in the service's order
 * (`order`, then name), each parent a group row whose figures are its leaves' subtotal, each leaf a row of its own;
 * then the open invoices, the net cash flow (every leaf plus the open invoices) and the closing balance. Per month a
 * row shows the actuals before the current month and the plan from it on; the total sums the row's months; the
 * variance block compares, over the past months of the grid, the plan with the actuals (actual − plan, and that as a
 * share of the plan's size).
 *
 * A cell takes a typed figure (`editable`) when it is a leaf that can take budgets (`is_category`), in the current
 * month or later, and the plan is not committed (`readOnly` says why not).
 */

import type { Category, Plan } from '../../api';
import type { GridFigures } from './grid-figures';

export type GridRowKind = 'group' | 'leaf' | 'openInvoices' | 'netFlow' | 'balance';

export interface GridVariance {
  /** The plan of the grid's past months, cents. */
  plan: number;
  actual: number;
  /** actual − plan. */
  variance: number;
  /** variance ÷ |plan|; null when the plan is 0. */
  ratio: number | null;
}

export interface GridRow {
  kind: GridRowKind;
  /** The category of a group or leaf row. */
  categoryId: number | null;
  /** The category's name; empty for the rows below the tree (the host labels them in the user's language). */
  name: string;
  /** Depth in the tree (0 for a root); 0 below the tree. */
  depth: number;
  /** Cents per month; null where the row has nothing to say (the open invoices of a past month). */
  values: readonly (number | null)[];
  /** Per month, whether a typed figure in the cell plans it. */
  editable: readonly boolean[];
  /** Sum of the row's months (the balance row: null, a balance is not summed). */
  total: number | null;
  /** Null for the balance row and when the grid has no past month. */
  variance: GridVariance | null;
}

export type ReadOnlyReason = 'committed' | 'noPlan';

export interface PlanGrid {
  /** The plan's name as the service gives it (untrusted text), null without a plan. */
  planName: string | null;
  months: readonly string[];
  /** Index of the first plan month in `months` (`months.length` when every month is past). */
  firstPlanMonth: number;
  rows: readonly GridRow[];
  /** Why no cell of the grid takes a figure, or null. */
  readOnly: ReadOnlyReason | null;
}

interface Node {
  category: Category;
  children: Node[];
}

function tree(categories: readonly Category[]): Node[] {
  const nodes = new Map(categories.map((c) => [c.id, { category: c, children: [] as Node[] }] as const));
  const roots: Node[] = [];
  for (const node of nodes.values()) {
    const parent = node.category.parent === null ? undefined : nodes.get(node.category.parent);
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  const byOrder = (a: Node, b: Node): number =>
    a.category.order - b.category.order || a.category.name.localeCompare(b.category.name) || a.category.id - b.category.id;
  const sort = (list: Node[]): void => {
    list.sort(byOrder);
    for (const n of list) sort(n.children);
  };
  sort(roots);
  return roots;
}

/** A category a budget may be mapped to (api-spec: `is_category`; a system or aggregating one cannot be), as the send checks. */
function takesBudgets(category: Category): boolean {
  return category.is_category && !category.is_default && !category.is_aggregating;
}

/** What the rows are computed from: the figures, which months are past, whether the plan takes figures. */
class RowContext {
  readonly months: readonly string[];
  readonly firstPlanMonth: number;

  constructor(
    readonly figures: GridFigures,
    readonly readOnly: ReadOnlyReason | null,
  ) {
    this.months = figures.months;
    const firstPlan = this.months.findIndex((m) => m >= figures.current);
    this.firstPlanMonth = firstPlan < 0 ? this.months.length : firstPlan;
  }

  /** A leaf's cells: actuals before the current month, the plan from it. */
  shown(id: number): number[] {
    const { figures, firstPlanMonth } = this;
    return this.months.map((_, i) => (i < firstPlanMonth ? figures.actual.get(id)?.[i] : figures.planned.get(id)?.[i]) ?? 0);
  }

  /** The leaves' plan and actuals over the grid's past months. */
  variance(leaves: readonly number[]): GridVariance | null {
    if (this.firstPlanMonth === 0) return null;
    let plan = 0;
    let actual = 0;
    for (const leaf of leaves)
      for (let i = 0; i < this.firstPlanMonth; i += 1) {
        plan += this.figures.planned.get(leaf)?.[i] ?? 0;
        actual += this.figures.actual.get(leaf)?.[i] ?? 0;
      }
    const variance = actual - plan;
    return { plan, actual, variance, ratio: plan === 0 ? null : variance / Math.abs(plan) };
  }

  /** The rows of a node and its subtree, pushed onto `rows`; the leaves it holds (none: the node is left out). */
  visit(node: Node, depth: number, rows: GridRow[]): number[] {
    const { category } = node;
    const base = { categoryId: category.id, name: category.name, depth };
    if (node.children.length === 0) {
      const values = this.shown(category.id);
      if (category.is_obsolete && values.every((v) => v === 0)) return [];
      const editable = this.months.map((_, i) => this.readOnly === null && takesBudgets(category) && i >= this.firstPlanMonth);
      rows.push({ kind: 'leaf', ...base, values, editable, total: sum(values), variance: this.variance([category.id]) });
      return [category.id];
    }
    const at = rows.length;
    rows.push({ kind: 'group', ...base, values: [], editable: this.months.map(() => false), total: 0, variance: null });
    const leaves = node.children.flatMap((child) => this.visit(child, depth + 1, rows));
    if (leaves.length === 0) {
      rows.splice(at, 1);
      return [];
    }
    const values = this.sumOf(leaves);
    rows[at] = { ...(rows[at] as GridRow), values, total: sum(values), variance: this.variance(leaves) };
    return leaves;
  }

  sumOf(leaves: readonly number[]): number[] {
    const out = this.months.map(() => 0);
    for (const leaf of leaves) this.shown(leaf).forEach((v, i) => (out[i] = (out[i] ?? 0) + v));
    return out;
  }

  /** Open invoices, the net cash flow and the closing balance. */
  bottom(leaves: readonly number[]): GridRow[] {
    const { months, firstPlanMonth, figures } = this;
    const invoices = months.map((_, i) => (i < firstPlanMonth ? null : (figures.openInvoices[i] ?? 0)));
    const flow = this.sumOf(leaves).map((v, i) => v + (invoices[i] ?? 0));
    const line = { categoryId: null, name: '', depth: 0, editable: months.map(() => false) };
    return [
      { kind: 'openInvoices', ...line, values: invoices, total: sum(invoices), variance: null },
      { kind: 'netFlow', ...line, values: flow, total: sum(flow), variance: this.variance(leaves) },
      { kind: 'balance', ...line, values: figures.balance, total: null, variance: null },
    ];
  }
}

export function planGrid(categories: readonly Category[], plan: Plan | undefined, figures: GridFigures): PlanGrid {
  const readOnly: ReadOnlyReason | null = plan === undefined ? 'noPlan' : plan.is_committed ? 'committed' : null;
  const context = new RowContext(figures, readOnly);
  const rows: GridRow[] = [];
  const leaves = tree(categories).flatMap((root) => context.visit(root, 0, rows));
  rows.push(...context.bottom(leaves));
  return { planName: plan?.name ?? null, months: context.months, firstPlanMonth: context.firstPlanMonth, rows, readOnly };
}

function sum(values: readonly (number | null)[]): number {
  return values.reduce<number>((s, v) => s + (v ?? 0), 0);
}
