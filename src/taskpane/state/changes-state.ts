/**
 * The Changes view's state: pending changes per pushable table (src/sync/pushable/pushable-table.ts: ForecastBudgets, each
 * Scenario_<id>_Budgets, Invoices that the workbook holds), push with the confirmations the user gave, the conflict
 * choice per row, discard, undo of the last push, the journal, Adopt of budgets without an addressable external ID
 * (adopted-rows.ts); and the question a refresh asks when a table has pending changes. Every rule is in the core
 * (`src/sync/push`); this module only calls it with the host's ports and keeps what the view shows.
 */

import type { CashflowClient } from '../../api';
import type { Language, MessageKey } from '../../i18n/catalog';
import type { MessageParams } from '../../i18n/translate';
import {
  adoptRows,
  applyKeptEdits,
  discardChanges,
  highlightUpdates,
  isAdoptable,
  journalRowViews,
  keepEdits,
  pendingChanges,
  pushTable,
  PushRefusedError,
  undoableEntry,
  undoPush,
  type JournalEntry,
  type JournalEntrySummary,
  type BaselineStore,
  type KeptEdits,
  type PendingChanges,
  type PushChoices,
  type PushReference,
  type Resolution,
  type RowRef,
} from '../../sync/push';
import type { PaneHost, PushHost } from './pane-host';
import { pushableOf, type PushableTable } from '../../sync/pushable';
import { AdoptedRows, adoptableRows } from './adopted-rows';
import type {
  AdoptionOutcome,
  ChangesTable,
  ChangesView,
  JournalSummary,
  OpenedJournalEntry,
  RefreshPrompt,
  TableRow,
} from './app-snapshot';

export type { ChangesTable, ChangesView, JournalSummary, OpenedJournalEntry, RefreshPrompt } from './app-snapshot';

/** Rows of an opened journal entry shown at first, and added by each "Show more". */
export const JOURNAL_ROWS_BLOCK = 50;

export { pushableOf, type PushableTable } from '../../sync/pushable';

export interface ChangesDeps {
  host: PaneHost;
  /** The connected client, or undefined when signed out. */
  client(): CashflowClient | undefined;
  language(): Language;
  tables(): readonly TableRow[];
  /** Plans, categories and accounts read on connect (the push reads them itself when absent). */
  reference(): PushReference | undefined;
  t(key: MessageKey, params?: MessageParams): string;
  publish(view: ChangesView): void;
}

/** What sending to (or undoing on) a table needs. */
interface Ready {
  entry: { row: TableRow } & PushableTable;
  push: PushHost;
  baselines: BaselineStore;
  client: CashflowClient;
}

export class ChangesState {
  readonly #deps: ChangesDeps;
  #view: ChangesView = { tables: [] };
  readonly #resolutions = new Map<string, Map<string, Resolution>>();
  /** Rows this check highlighted, per table: the next check takes the highlight off those no longer pending. */
  readonly #highlighted = new Map<string, RowRef[]>();
  /** The opened journal entry per table, read once when opened; the view gets its rows a block at a time. */
  readonly #openedEntries = new Map<string, JournalEntry>();
  /**
   * Per table, the ids its newest send landed (those rows say "Sent" until edited again), with that send's id: read
   * from the journal only when the newest send is another one (an entry never changes but for its undo mark).
   */
  readonly #lastLanded = new Map<string, { entryId: string; ids: ReadonlySet<number> }>();
  /** Whole-row writes confirmed by Adopt, carried until the rows land. */
  readonly #adopted = new AdoptedRows();
  #abort: AbortController | undefined;

  constructor(deps: ChangesDeps) {
    this.#deps = deps;
  }

  get view(): ChangesView {
    return this.#view;
  }

  #push(): PushHost | undefined {
    return this.#deps.host.push;
  }

  /** What sending to (or undoing on) a table needs, with the table in the view; undefined when signed out or not pushable. */
  async #ready(tableId: string): Promise<Ready | undefined> {
    const entry = this.#pushable().find((p) => p.row.id === tableId);
    const push = this.#push();
    const baselines = this.#deps.host.baselines;
    const client = this.#deps.client();
    if (entry === undefined || push === undefined || baselines === undefined || client === undefined) return undefined;
    if (!this.#view.tables.some((t) => t.tableId === tableId)) await this.review();
    return { entry, push, baselines, client };
  }

  /** The pulled pushable tables, in the Data view's order. */
  #pushable(): Array<{ row: TableRow } & PushableTable> {
    return this.#deps.tables().flatMap((row) => {
      const pushable = row.pulled === undefined ? undefined : pushableOf(row.target);
      return pushable ? [{ row, ...pushable }] : [];
    });
  }

  #update(tableId: string, patch: Partial<ChangesTable>): void {
    this.#view = { tables: this.#view.tables.map((t) => (t.tableId === tableId ? { ...t, ...patch } : t)) };
    this.#deps.publish(this.#view);
  }

  /**
   * Reads every pushable table's pending changes (no request to the service) and its journal; with `only` (table
   * names, lower case: the tables a user edit reached), only those are read again and the others keep their view, so
   * an edit of a budget never reads a 100,000-row Transactions table back.
   */
  async review(only?: ReadonlySet<string>): Promise<void> {
    const push = this.#push();
    const baselines = this.#deps.host.baselines;
    if (push === undefined || baselines === undefined) return;
    const journal = await push.journal.summaries().catch((): JournalEntrySummary[] => []);
    const previous = new Map(this.#view.tables.map((t) => [t.tableId, t]));
    const tables: ChangesTable[] = [];
    for (const { row, model, writeModel, records, committedPlan } of this.#pushable()) {
      const before = previous.get(row.id);
      if (only !== undefined && before !== undefined && !only.has(row.tableName.toLowerCase())) {
        tables.push(before);
        continue;
      }
      // A committed plan is read-only: said before anything is sent (the plans as the pane read them on connect).
      const isCommitted = committedPlan(this.#deps.reference());
      const pending = await pendingChanges(model, push.sheet, baselines, row.pulled?.baseline).catch(() => undefined);
      this.#adopted.keepWaiting(row.id, pending);
      const adoptable = adoptableRows(pending, writeModel.generatesExternalIds);
      if (pending?.comparable) {
        // The cells waiting to be sent turn amber now, not only after a send that left them.
        // The newest send of this table: rows it landed and the user has edited since lose their "Sent" status.
        const newest = journal.find((e) => e.tableName.toLowerCase() === row.tableName.toLowerCase());
        const lastLanded = await this.#landedBy(row.id, push, newest);
        const updates = highlightUpdates(model, pending, this.#highlighted.get(row.id), lastLanded);
        if (updates.length > 0) await push.sheet.update(model, updates).catch(() => undefined);
        this.#highlighted.set(
          row.id,
          pending.rows.filter((r) => r.kind !== 'deleted').map((r) => r.ref),
        );
      }
      tables.push({
        tableId: row.id,
        tableName: row.tableName,
        label: row.label,
        ...(row.labelParams === undefined ? {} : { labelParams: row.labelParams }),
        records,
        status: before?.status ?? 'idle',
        ...(pending === undefined ? {} : { pending }),
        ...(before?.result ? { result: before.result } : {}),
        ...(before?.undo ? { undo: before.undo } : {}),
        ...(before?.error ? { error: before.error } : {}),
        ...(before?.opened ? { opened: before.opened } : {}),
        ...(before?.adoption ? { adoption: before.adoption } : {}),
        ...(adoptable === undefined ? {} : { adoptable }),
        ...(isCommitted !== undefined
          ? { refused: this.#deps.t('push.refused.committed', { table: this.#deps.t(row.label, row.labelParams), plan: isCommitted.name }) }
          : pending !== undefined && !pending.comparable
            ? { refused: this.#deps.t('push.refused.noBaseline', { table: this.#deps.t(row.label, row.labelParams) }) }
            : before?.refused
              ? { refused: before.refused }
              : {}),
        journal: summaries(journal, row.tableName),
        canUndo: undoableEntry(journal, row.tableName) !== undefined,
      });
    }
    this.#view = { tables };
    this.#deps.publish(this.#view);
  }

  /** The ids the table's newest send landed: its entry read only when it is not the one read last time. */
  async #landedBy(tableId: string, push: PushHost, newest: JournalEntrySummary | undefined): Promise<ReadonlySet<number>> {
    if (newest === undefined || newest.landed === 0) return new Set();
    const known = this.#lastLanded.get(tableId);
    if (known?.entryId === newest.id) return known.ids;
    const entry = await push.journal.entry(newest.id).catch(() => undefined);
    const ids = new Set((entry?.rows ?? []).flatMap((r) => (r.outcome === 'landed' && r.id !== null ? [r.id] : [])));
    if (entry !== undefined) this.#lastLanded.set(tableId, { entryId: newest.id, ids });
    return ids;
  }

  /** Pushes a table's pending changes with what the user confirmed; the conflict choices made so far go along. */
  async pushTable(tableId: string, confirmed: Omit<PushChoices, 'resolutions'> = {}): Promise<void> {
    const ready = await this.#ready(tableId);
    if (ready !== undefined) await this.#send(tableId, ready, confirmed);
  }

  /**
   * Adopt: the budgets named (or every one of the table Adopt is offered for) get their suggested external ID in the
   * External ID cell (`adoptRows`), and the table is sent at once with their whole-row writes confirmed, as the Adopt
   * dialog said: what typing the ID and sending does. The rows it leaves alone are said on the card; nothing is sent
   * when none is left, nor into a committed plan.
   */
  async adopt(tableId: string, ids?: ReadonlySet<number>): Promise<void> {
    const ready = await this.#ready(tableId);
    if (ready === undefined || !ready.entry.writeModel.generatesExternalIds) return;
    const { entry, push, baselines } = ready;
    const committed = entry.committedPlan(this.#deps.reference());
    if (committed !== undefined) {
      const table = this.#deps.t(entry.row.label, entry.row.labelParams);
      this.#update(tableId, { refused: this.#deps.t('push.refused.committed', { table, plan: committed.name }) });
      return;
    }
    let adoption: AdoptionOutcome;
    try {
      const pending = await pendingChanges(entry.model, push.sheet, baselines, entry.row.pulled?.baseline);
      adoption = await this.#adoptRows(entry.model, push.sheet, pending, tableId, ids);
    } catch (error) {
      this.#update(tableId, { error: error instanceof Error ? error.message : String(error) });
      return;
    }
    if (adoption.adopted === 0) {
      this.#update(tableId, { adoption, error: undefined } as Partial<ChangesTable>);
      await this.review();
      return;
    }
    await this.#send(tableId, ready, {}, adoption);
  }

  /** Writes the IDs; the rows asked for that are no longer adoptable are refused with the reason. */
  async #adoptRows(
    model: PushableTable['model'],
    sheet: PushHost['sheet'],
    pending: PendingChanges,
    tableId: string,
    ids: ReadonlySet<number> | undefined,
  ): Promise<AdoptionOutcome> {
    const asked = (id: number | null) => id !== null && (ids === undefined || ids.has(id));
    const rows = pending.rows.filter((r) => isAdoptable(r) && asked(r.ref.id));
    const outcome = await adoptRows(model, sheet, rows);
    this.#adopted.confirm(
      tableId,
      outcome.adopted.map((a) => a.id),
    );
    const shown = this.#view.tables.find((t) => t.tableId === tableId)?.adoptable ?? [];
    const nameOf = (id: number) => pending.rows.find((r) => r.ref.id === id)?.name ?? shown.find((r) => r.id === id)?.name ?? `#${id}`;
    const gone = [...(ids ?? [])].filter((id) => !rows.some((r) => r.ref.id === id));
    const refused = [
      ...outcome.refused,
      // Asked for but no longer adoptable: an ID typed (pending still), or nothing pending any more.
      ...gone.map((id) => ({
        id,
        reason: pending.rows.some((r) => r.ref.id === id) ? ('externalIdTyped' as const) : ('nothingPending' as const),
      })),
    ];
    return { adopted: outcome.adopted.length, refused: refused.map((r) => ({ ...r, name: nameOf(r.id) })) };
  }

  async #send(
    tableId: string,
    { entry, push, baselines, client }: Ready,
    confirmed: Omit<PushChoices, 'resolutions'>,
    adoption?: AdoptionOutcome,
  ): Promise<void> {
    const abort = new AbortController();
    this.#abort = abort;
    const replace = this.#adopted.replaceFor(tableId, confirmed.replace);
    this.#update(tableId, {
      status: 'pushing',
      error: undefined,
      refused: undefined,
      adoption,
      progress: { phase: 'reading', done: 0, total: 0 },
    } as Partial<ChangesTable>);
    try {
      const result = await pushTable(entry.writeModel, {
        client,
        sheet: push.sheet,
        baselines,
        journal: push.journal,
        language: this.#deps.language(),
        baselineState: entry.row.pulled?.baseline,
        choices: { ...confirmed, ...(replace === undefined ? {} : { replace }), resolutions: this.#resolutions.get(tableId) ?? new Map() },
        signal: abort.signal,
        label: this.#deps.t(entry.row.label, entry.row.labelParams),
        ...(this.#deps.reference() ? { reference: this.#deps.reference() } : {}),
        onProgress: (progress) => this.#update(tableId, { progress }),
      });
      // Choices that were used are spent: a row in conflict again asks again; adopted rows that landed are settled.
      this.#resolutions.delete(tableId);
      this.#adopted.spend(tableId, result);
      this.#update(tableId, { status: 'idle', result, progress: undefined } as Partial<ChangesTable>);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.#update(tableId, {
        status: 'idle',
        progress: undefined,
        ...(error instanceof PushRefusedError ? { refused: message } : { error: message }),
      } as Partial<ChangesTable>);
    } finally {
      this.#abort = undefined;
    }
    // The send put its own statuses and highlights on the rows: nothing of the last check is to be taken back.
    this.#highlighted.delete(tableId);
    await this.review();
  }

  /** The user's choice for a row in conflict; the push runs again at once with it. */
  async resolve(tableId: string, rowKey: string, resolution: Resolution): Promise<void> {
    const map = this.#resolutions.get(tableId) ?? new Map<string, Resolution>();
    map.set(rowKey, resolution);
    this.#resolutions.set(tableId, map);
    await this.pushTable(tableId);
  }

  cancel(): void {
    this.#abort?.abort();
  }

  /** Takes back the pending changes (all, or the rows named `id:<id>` / `row:<position>`). */
  async discard(tableId: string, only?: ReadonlySet<string>): Promise<void> {
    const entry = this.#pushable().find((p) => p.row.id === tableId);
    const push = this.#push();
    const baselines = this.#deps.host.baselines;
    if (entry === undefined || push === undefined || baselines === undefined) return;
    const pending = await pendingChanges(entry.model, push.sheet, baselines, entry.row.pulled?.baseline);
    await discardChanges(entry.model, push.sheet, baselines, pending, only);
    this.#highlighted.delete(tableId);
    await this.review();
  }

  async undoLast(tableId: string): Promise<void> {
    const ready = await this.#ready(tableId);
    if (ready === undefined) return;
    const { entry, push, baselines, client } = ready;
    this.#update(tableId, { status: 'undoing', error: undefined } as Partial<ChangesTable>);
    try {
      const undo = await undoPush(entry.writeModel, {
        client,
        sheet: push.sheet,
        baselines,
        journal: push.journal,
        language: this.#deps.language(),
        label: this.#deps.t(entry.row.label, entry.row.labelParams),
      });
      this.#update(tableId, { status: 'idle', undo });
    } catch (error) {
      this.#update(tableId, { status: 'idle', error: error instanceof Error ? error.message : String(error) });
    }
    this.#highlighted.delete(tableId);
    await this.review();
  }

  /** Selects a row of the table in the sheet (a row with a problem, a change); false when it is not found. */
  async selectRow(tableId: string, ref: RowRef): Promise<boolean> {
    const entry = this.#pushable().find((p) => p.row.id === tableId);
    const select = this.#push()?.selectRow;
    if (entry === undefined || select === undefined) return false;
    return select(entry.model, ref).catch(() => false);
  }

  // ---- the journal's rows ----

  /** Opens a journal entry: reads it alone (not the whole journal again) and shows its first rows. */
  async openJournalEntry(tableId: string, entryId: string): Promise<void> {
    const journal = this.#push()?.journal;
    if (journal === undefined) return;
    this.#openedEntries.delete(tableId);
    this.#update(tableId, { opened: { entryId, status: 'loading', rows: [], total: 0, notFound: [] } });
    const entry = await journal.entry(entryId).catch(() => undefined);
    // Another entry was opened (or this one closed) meanwhile: that one is shown.
    if (this.#view.tables.find((t) => t.tableId === tableId)?.opened?.entryId !== entryId) return;
    if (entry === undefined) {
      this.#update(tableId, { opened: { entryId, status: 'missing', rows: [], total: 0, notFound: [] } });
      return;
    }
    this.#openedEntries.set(tableId, entry);
    this.#update(tableId, {
      opened: { entryId, status: 'ready', rows: journalRowViews(entry, 0, JOURNAL_ROWS_BLOCK), total: entry.rows.length, notFound: [] },
    });
  }

  closeJournalEntry(tableId: string): void {
    this.#openedEntries.delete(tableId);
    this.#update(tableId, { opened: undefined } as Partial<ChangesTable>);
  }

  /** The next block of the opened entry's rows. */
  moreJournalRows(tableId: string): void {
    const opened = this.#opened(tableId);
    const entry = this.#openedEntries.get(tableId);
    if (opened === undefined || entry === undefined || opened.entryId !== entry.id) return;
    const rows = [...opened.rows, ...journalRowViews(entry, opened.rows.length, JOURNAL_ROWS_BLOCK)];
    this.#update(tableId, { opened: { ...opened, rows } });
  }

  /** Selects a row of the opened entry in the sheet (found by id, wherever sorting put it); false when it is not there. */
  async showJournalRow(tableId: string, key: string): Promise<boolean> {
    const row = this.#opened(tableId)?.rows.find((r) => r.key === key);
    if (row === undefined || row.ref === null) return false;
    const found = await this.selectRow(tableId, row.ref);
    const opened = this.#opened(tableId);
    if (!found && opened !== undefined && !opened.notFound.includes(key))
      this.#update(tableId, { opened: { ...opened, notFound: [...opened.notFound, key] } });
    return found;
  }

  #opened(tableId: string): OpenedJournalEntry | undefined {
    return this.#view.tables.find((t) => t.tableId === tableId)?.opened;
  }

  // ---- refresh with pending changes ----

  /** The tables among these with pending changes (what a refresh must ask about). */
  async pendingAmong(tableIds: readonly string[]): Promise<RefreshPrompt | undefined> {
    const push = this.#push();
    const baselines = this.#deps.host.baselines;
    if (push === undefined || baselines === undefined) return undefined;
    const counts = { changed: 0, new: 0, deleted: 0 };
    const ids: string[] = [];
    for (const { row, model } of this.#pushable()) {
      if (!tableIds.includes(row.id)) continue;
      const pending = await pendingChanges(model, push.sheet, baselines, row.pulled?.baseline).catch(() => undefined);
      if (pending === undefined || pending.rows.length === 0) continue;
      ids.push(row.id);
      counts.changed += pending.counts.changed;
      counts.new += pending.counts.new;
      counts.deleted += pending.counts.deleted;
    }
    return ids.length === 0 ? undefined : { tableIds: ids, counts };
  }

  /** Before a refresh that keeps the edits: what to put back afterwards. */
  async keep(tableId: string): Promise<KeptEdits | undefined> {
    const entry = this.#pushable().find((p) => p.row.id === tableId);
    const push = this.#push();
    const baselines = this.#deps.host.baselines;
    if (entry === undefined || push === undefined || baselines === undefined) return undefined;
    return keepEdits(entry.model, await pendingChanges(entry.model, push.sheet, baselines, entry.row.pulled?.baseline));
  }

  /** After the refresh: the kept edits go on top of the refreshed rows. */
  async putBack(tableId: string, kept: KeptEdits): Promise<number> {
    const entry = this.#pushable().find((p) => p.row.id === tableId);
    const push = this.#push();
    if (entry === undefined || push === undefined) return 0;
    const { orphaned } = await applyKeptEdits(entry.model, push.sheet, kept);
    return orphaned;
  }
}

function summaries(entries: readonly JournalEntrySummary[], tableName: string): JournalSummary[] {
  return entries
    .filter((e) => e.tableName.toLowerCase() === tableName.toLowerCase())
    .map((e) => ({
      id: e.id,
      at: e.at,
      landed: e.landed,
      notLanded: e.notLanded,
      unconfirmed: e.unconfirmed,
      undone: e.undoneBy !== undefined,
      undo: e.undoes !== undefined,
    }));
}
