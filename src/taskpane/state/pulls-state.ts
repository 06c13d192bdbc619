/**
 * The Data view's state: the table list with what each table's loads left (its pull state, verdict and outcome, a
 * filter set and not loaded yet), and the queue of loads: one table at a time, "Refresh all" behind it, Cancel, the
 * confirmation before a large load, and the question before refreshing tables with pending changes (their edits
 * put back on top, or not). Every rule of a pull is the core's (`src/sync/pull`, `src/sync/filters`); this module
 * calls it with the host's ports and keeps the snapshot's `tables`, `job`, `loadPrompt` and `refreshPrompt`.
 */

import { isAbort } from '../../api/abort';
import type { Plan } from '../../api';
import type { Language, MessageKey } from '../../i18n/catalog';
import { formatCount } from '../../i18n/format-count';
import type { MessageParams } from '../../i18n/translate';
import type { ActiveConnection } from '../../sync/connect';
import { resolvePeriod, todayOf, type DateRange, type RelativePeriod } from '../../sync/filters/relative-period';
import { resolveFilter, type TableFilter } from '../../sync/filters/table-filter';
import { LookupCache, type PullResult, type PullState, type PullTarget } from '../../sync/pull';
import type { KeptEdits } from '../../sync/push';
import type { ConnectionView, FilterSettings, PullOutcome, PullsView, TableRow, Verdict } from './app-snapshot';
import { pushableOf, type ChangesState } from './changes-state';
import { LoadConfirmation } from './load-confirmation';
import type { PaneHost } from './pane-host';
import { declinedOutcome, doneOutcome, stoppedOutcome } from './pull-outcome';
import { verdictOf } from './pull-verdict';
import { pullTable } from './table-pull';
import { tableList } from './table-list';
import { tableRows } from './table-rows';

export type { PullsView } from './app-snapshot';

type Mode = 'auto' | 'full';

export interface PullsDeps {
  host: PaneHost;
  /** The connected client and profile, or undefined when signed out. */
  active(): ActiveConnection | undefined;
  connection(): ConnectionView;
  /** The company's plans read on connect: each scenario is a row of the list. */
  plans(): readonly Plan[];
  settings(): FilterSettings;
  language(): Language;
  /** The company currency the user chose for a profile (none: the pull infers it from the accounts). */
  companyCurrency(profileId: string): string | undefined;
  /** Pending changes: asked about before a refresh, kept and put back on top of the refreshed rows. */
  changes: Pick<ChangesState, 'view' | 'pendingAmong' | 'keep' | 'putBack'>;
  /** After a load: the workbook notes the profile that built it (never fails). */
  remember(connection: ActiveConnection): Promise<void>;
  /** A load landed: what the CASHFLOW functions show may have changed. */
  loaded(): void;
  t(key: MessageKey, params?: MessageParams): string;
  /** The clock (tests); absent: the system's. */
  now?: () => number;
  publish(patch: Partial<PullsView>): void;
}

export class PullsState {
  readonly #deps: PullsDeps;
  /** The deps' translation, callable on its own (the outcomes' words). */
  readonly #t: PullsDeps['t'];
  #view: PullsView = { tables: [] };
  /** The pull states the workbook holds. */
  #pulled: PullState[] = [];
  readonly #verdicts = new Map<string, Verdict>();
  readonly #outcomes = new Map<string, PullOutcome>();
  /** Filters the user set and that were not loaded yet, by table id. */
  readonly #drafts = new Map<string, TableFilter>();
  /** Edits a refresh keeps, by table id, put back on top of the refreshed rows. */
  readonly #kept = new Map<string, KeptEdits>();
  #queue: string[] = [];
  readonly #modes = new Map<string, Mode>();
  /** Tables loaded for the first time by themselves: shown once they are there (not during "Refresh all"). */
  readonly #showWhenDone = new Set<string>();
  #draining: Promise<void> | undefined;
  #abort: AbortController | undefined;
  /** The question before a large load (`loadPrompt`). */
  readonly #confirmation: LoadConfirmation;
  /** The refresh that waits for the answer to `refreshPrompt`. */
  #pendingRefresh: { tableIds: string[]; mode: Mode } | undefined;

  constructor(deps: PullsDeps) {
    this.#deps = deps;
    this.#t = (key, params) => deps.t(key, params);
    this.#confirmation = new LoadConfirmation({
      threshold: () => deps.settings().loadConfirm,
      counted: (tableId, rows) => {
        const job = this.#view.job;
        if (job?.tableId === tableId) this.#set({ job: { ...job, expectedRows: rows } });
      },
      publish: (loadPrompt) => this.#set({ loadPrompt }),
    });
  }

  get view(): PullsView {
    return this.#view;
  }

  /** A load runs or tables wait in the queue. */
  get running(): boolean {
    return this.#draining !== undefined;
  }

  #set(patch: Partial<PullsView>): void {
    this.#view = { ...this.#view, ...patch };
    this.#deps.publish(patch);
  }

  // ---- the table list ----

  /** Reads what the workbook holds (at start-up). */
  async readWorkbook(): Promise<void> {
    this.#pulled = await this.#deps.host.pullStates.list().catch((): PullState[] => []);
  }

  /** The data tables were emptied: every table is "never loaded", nothing of this session's loads is said. */
  async workbookEmptied(): Promise<void> {
    this.#verdicts.clear();
    this.#outcomes.clear();
    this.#pulled = await this.#deps.host.pullStates.list().catch(() => []);
    this.refreshTables();
  }

  /**
   * Connecting anew or signed out: the list is empty. Returns the patch, which the caller publishes in the same
   * snapshot as the connection.
   */
  forgetTables(): Pick<PullsView, 'tables'> {
    this.#view = { ...this.#view, tables: [] };
    return { tables: [] };
  }

  /** The list again from the connection, the plans, the workbook and this session's loads (empty when not connected). */
  refreshTables(): void {
    const connection = this.#deps.connection();
    if (connection.status !== 'connected') {
      if (this.#view.tables.length > 0) this.#set({ tables: [] });
      return;
    }
    const entries = tableList({
      kind: connection.profile.kind,
      companyIds: connection.companyIds,
      plans: this.#deps.plans(),
      pulled: this.#pulled,
    });
    const source = {
      entries,
      pulled: this.#pulled,
      verdicts: this.#verdicts,
      outcomes: this.#outcomes,
      drafts: this.#drafts,
      queue: this.#queue,
      job: this.#view.job,
    };
    this.#set({ tables: tableRows({ ...source, resolve: (filter) => this.resolvedTarget(filter) }) });
  }

  async activate(tableId: string): Promise<void> {
    const row = this.#view.tables.find((r) => r.id === tableId);
    if (row?.pulled !== undefined) await this.#deps.host.activateTable(row.tableName).catch(() => undefined);
  }

  // ---- filters ----

  /** Changes the filters a table's next pull uses (a full pull: the rows differ); the card says they wait. */
  setTarget(tableId: string, target: PullTarget, period?: RelativePeriod): void {
    this.#drafts.set(tableId, period === undefined ? { target } : { target, period });
    this.refreshTables();
  }

  /** "Apply and load": the table's filter becomes this one, and its rows are loaded with it (asking first when many). */
  applyFilter(tableId: string, filter: TableFilter): Promise<void> {
    this.setTarget(tableId, filter.target, filter.period);
    return this.pull(tableId);
  }

  /** The dates a period covers today (on the pane's clock, with the fiscal year of Settings): the form shows them. */
  periodDates(period: RelativePeriod): DateRange {
    return resolvePeriod(period, { today: this.#today(), fiscalYearStartMonth: this.#deps.settings().fiscalYearStartMonth });
  }

  /** The target a pull of the row runs today: its period resolved on the clock's day with the fiscal year of Settings. */
  resolvedTarget(row: TableFilter): PullTarget {
    return resolveFilter(row, { today: this.#today(), fiscalYearStartMonth: this.#deps.settings().fiscalYearStartMonth });
  }

  // ---- the queue ----

  /**
   * Pulls one table (refresh when it was pulled before with the same filters), or queues it behind the running one.
   * A table with pending changes is not refreshed before the user said what becomes of them (`answerRefresh`).
   */
  async pull(tableId: string, mode: Mode = 'auto'): Promise<void> {
    if (this.#view.job?.tableId === tableId || this.#queue.includes(tableId) || this.#sending(tableId)) return;
    if (await this.#askFirst([tableId], mode)) return;
    this.#enqueue(tableId, mode);
    return this.#drain();
  }

  /** Pulls every table the workbook holds (or, in a new workbook, none): one after the other. */
  async refreshAll(): Promise<void> {
    const ids = this.#view.tables
      .filter(
        (row) => row.pulled !== undefined && !this.#queue.includes(row.id) && this.#view.job?.tableId !== row.id && !this.#sending(row.id),
      )
      .map((row) => row.id);
    if (await this.#askFirst(ids, 'auto')) return;
    for (const id of ids) this.#queue.push(id);
    this.refreshTables();
    return this.#drain();
  }

  /** Refreshes these pulled tables one after the other (Refresh on open), as Refresh all does; resolved when done. */
  async refreshSome(tableIds: readonly string[]): Promise<void> {
    const ids = tableIds.filter((id) => !this.#queue.includes(id) && this.#view.job?.tableId !== id && !this.#sending(id));
    if (ids.length === 0 || (await this.#askFirst(ids, 'auto'))) return;
    for (const id of ids) this.#queue.push(id);
    this.refreshTables();
    return this.#drain();
  }

  /**
   * Stops the running pull (the table stays as it was) and empties the queue. A pull finishing (its rows are in: the
   * baseline, stamp and state follow) is not stopped: it ends as done, and only the queue is emptied.
   */
  cancel(): void {
    this.#queue = [];
    if (this.#confirmation.waiting) this.answerLoad(false);
    const job = this.#view.job;
    if (job !== undefined && this.#abort !== undefined && job.progress?.phase !== 'finishing') {
      this.#abort.abort();
      this.#set({ job: { ...job, cancelling: true } });
    }
    this.refreshTables();
  }

  #enqueue(tableId: string, mode: Mode): void {
    this.#queue.push(tableId);
    this.#modes.set(tableId, mode);
    // A table loaded for the first time by itself is shown once it is there (not during "Refresh all").
    if (this.#view.tables.find((r) => r.id === tableId)?.pulled === undefined) this.#showWhenDone.add(tableId);
    this.refreshTables();
  }

  /** A send or an undo runs on the table: a refresh would write under it. */
  #sending(tableId: string): boolean {
    return this.#deps.changes.view.tables.some((c) => c.tableId === tableId && c.status !== 'idle');
  }

  /**
   * Runs the queue unless it already runs. The reset is a `finally` callback, which runs after this assignment even
   * when the queue is empty (a reset inside an async body would run first, and leave a settled promise behind that
   * every later call returned: tables queued for ever).
   */
  #drain(): Promise<void> {
    this.#draining ??= this.#runQueue().finally(() => {
      this.#draining = undefined;
    });
    return this.#draining;
  }

  /** The queue's tables one after the other, sharing the categories and accounts they read (Refresh all: asked once). */
  async #runQueue(): Promise<void> {
    const lookupCache = new LookupCache();
    for (let next = this.#queue.shift(); next !== undefined; next = this.#queue.shift()) await this.#run(next, lookupCache);
  }

  // ---- what waits for the user ----

  /** The answer to the load confirmation: load the counted rows, or not (the table stays as it is). */
  answerLoad(load: boolean): void {
    this.#confirmation.answer(load);
  }

  /**
   * The answer to the refresh prompt: `keep` refreshes and puts the pending changes back on top of the refreshed
   * rows (still pending); `discard` refreshes and lets the service's values replace them; `cancel` refreshes nothing.
   */
  async answerRefresh(answer: 'keep' | 'discard' | 'cancel'): Promise<void> {
    const pending = this.#pendingRefresh;
    const prompt = this.#view.refreshPrompt;
    this.#pendingRefresh = undefined;
    this.#set({ refreshPrompt: undefined });
    if (pending === undefined || answer === 'cancel') return;
    if (answer === 'keep') {
      for (const id of prompt?.tableIds ?? []) {
        const kept = await this.#deps.changes.keep(id).catch(() => undefined);
        if (kept) this.#kept.set(id, kept);
      }
    }
    for (const id of pending.tableIds) if (this.#view.job?.tableId !== id && !this.#queue.includes(id)) this.#enqueue(id, pending.mode);
    return this.#drain();
  }

  /** Asks before refreshing tables with pending changes; true when the refresh now waits for the answer. */
  async #askFirst(tableIds: string[], mode: Mode): Promise<boolean> {
    const candidates = tableIds.filter((id) => this.#view.tables.find((r) => r.id === id)?.pulled !== undefined);
    const prompt = candidates.length === 0 ? undefined : await this.#deps.changes.pendingAmong(candidates).catch(() => undefined);
    if (prompt === undefined) return false;
    this.#pendingRefresh = { tableIds, mode };
    this.#set({ refreshPrompt: prompt });
    return true;
  }

  // ---- one load ----

  /** Loads one table of the queue: the job says so while it runs, the card says how it went. */
  async #run(tableId: string, lookupCache: LookupCache): Promise<void> {
    const active = this.#deps.active();
    const row = this.#view.tables.find((r) => r.id === tableId);
    if (active === undefined || row === undefined) return;
    const language = this.#deps.language();
    const abort = new AbortController();
    this.#abort = abort;
    // The card's name in every message of this pull (progress, toasts, errors): never the Excel table's name.
    const label = this.#deps.t(row.label, row.labelParams);
    this.#set({ job: { tableId, tableName: row.tableName, label, cancelling: false } });
    this.refreshTables();
    try {
      const result = await pullTable({
        row,
        target: this.resolvedTarget(row),
        connection: active,
        host: this.#deps.host,
        language,
        mode: this.#modes.get(tableId) ?? 'auto',
        label,
        companyCurrency: this.#deps.companyCurrency(active.profile.id),
        lookupCache,
        ...(this.#deps.now ? { now: this.#deps.now } : {}),
        signal: abort.signal,
        onProgress: (progress) => {
          const job = this.#view.job;
          if (job?.tableId === tableId) this.#set({ job: { ...job, progress } });
        },
        confirm: (target) =>
          this.#confirmation.ask({ tableId, tableName: row.tableName, target, client: active.client, signal: abort.signal }),
      });
      if (result === undefined) this.#outcomes.set(tableId, declinedOutcome(this.#t, row.tableName, this.#nowIso()));
      else await this.#loaded(row, active, result, { label, language });
    } catch (error) {
      this.#outcomes.set(tableId, stoppedOutcome(this.#t, label, error, abort.signal.aborted || isAbort(error), this.#nowIso()));
    } finally {
      await this.#endJob(tableId);
    }
  }

  /** The rows are in: the filter is the table's now, the workbook names the profile, the card says how it went. */
  async #loaded(row: TableRow, active: ActiveConnection, result: PullResult, words: { label: string; language: Language }): Promise<void> {
    this.#drafts.delete(row.id);
    // The workbook notes which profile built it (name and base URL, never the secret), and now names this one.
    await this.#deps.remember(active);
    this.#verdicts.set(row.id, verdictOf(result, this.#deps.language()));
    await this.#afterPull(row.id, row.target);
    this.#deps.loaded();
    if (this.#showWhenDone.has(row.id)) await this.#deps.host.activateTable(row.tableName).catch(() => undefined);
    this.#outcomes.set(row.id, doneOutcome(this.#t, words.label, formatCount(result.rowCount, words.language), this.#nowIso()));
  }

  /** A pushable table shows its input cells; edits the user chose to keep go back on top of the refreshed rows. */
  async #afterPull(tableId: string, target: PullTarget): Promise<void> {
    const pushable = pushableOf(target);
    const kept = this.#kept.get(tableId);
    this.#kept.delete(tableId);
    if (pushable === undefined) return;
    await this.#deps.host.push?.styleInputs?.(pushable.model).catch(() => undefined);
    if (kept) await this.#deps.changes.putBack(tableId, kept);
  }

  /** Whatever happened: the job ends, the workbook's pull states are read again, the list shows them. */
  async #endJob(tableId: string): Promise<void> {
    this.#kept.delete(tableId);
    this.#abort = undefined;
    this.#modes.delete(tableId);
    this.#showWhenDone.delete(tableId);
    this.#pulled = await this.#deps.host.pullStates.list().catch(() => this.#pulled);
    this.#set({ job: undefined });
    this.refreshTables();
  }

  #today(): string {
    return todayOf(this.#deps.now ?? Date.now);
  }

  #nowIso(): string {
    return new Date((this.#deps.now ?? Date.now)()).toISOString();
  }
}
