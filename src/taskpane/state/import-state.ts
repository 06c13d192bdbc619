/**
 * The Data view's Import card (#28): add the Import table, send it, Cancel, and what the send did. Every rule is in
 * the core (`src/sync/import`: the checks, the calls, the read-back, the statuses in the rows); this module calls it
 * with the active client and the host's Import table, and keeps what the card shows.
 */

import type { CashflowClient } from '../../api';
import type { Language, MessageKey } from '../../i18n/catalog';
import { formatCount } from '../../i18n/format-count';
import type { MessageParams } from '../../i18n/translate';
import { addImportTable, importStatement, ImportTableError, IMPORT_TABLE, type ImportCounts, type ImportSheet } from '../../sync/import';
import type { AccountMessage, ImportView } from './app-snapshot';

export interface ImportDeps {
  sheet: ImportSheet | undefined;
  /** The active client of a company's credentials (group credentials name no account's company: no import). */
  client(): CashflowClient | undefined;
  language(): Language;
  t(key: MessageKey, params?: MessageParams): string;
  activateTable(tableName: string): Promise<void>;
  publish(view: ImportView): void;
}

export const NO_IMPORT: ImportView = { tableExists: false, status: 'idle' };

export class ImportState {
  readonly #deps: ImportDeps;
  #view: ImportView = NO_IMPORT;
  #abort: AbortController | undefined;

  constructor(deps: ImportDeps) {
    this.#deps = deps;
  }

  get view(): ImportView {
    return this.#view;
  }

  #set(patch: Partial<ImportView>): void {
    this.#view = { ...this.#view, ...patch };
    this.#deps.publish(this.#view);
  }

  /** Whether the workbook holds the Import table (the card offers to add it or to send it). */
  async refresh(): Promise<void> {
    const exists = (await this.#deps.sheet?.exists().catch(() => false)) ?? false;
    if (exists !== this.#view.tableExists) this.#set({ tableExists: exists });
  }

  /** "Import a bank statement…": adds the Import table (its account list from the service) and shows it. */
  async add(): Promise<void> {
    const { sheet, t } = this.#deps;
    const client = this.#deps.client();
    if (sheet === undefined || this.#view.status !== 'idle') return;
    if (client === undefined) return this.#set({ message: { intent: 'error', text: t('import.outcome.notConnected'), notes: [] } });
    this.#set({ status: 'adding', message: undefined });
    try {
      if (await sheet.exists()) await this.#deps.activateTable(IMPORT_TABLE);
      else await addImportTable(client, sheet, this.#deps.language());
      this.#set({ status: 'idle', tableExists: true, message: { intent: 'info', text: t('import.card.added'), notes: [] } });
    } catch (error) {
      this.#set({
        status: 'idle',
        message: { intent: 'error', text: t('import.outcome.failed', { reason: this.#reason(error) }), notes: [] },
      });
    }
  }

  /** "Send the Import table": every row checked, the good ones sent, each row's outcome written into it. */
  async send(): Promise<void> {
    const { sheet, t } = this.#deps;
    const client = this.#deps.client();
    if (sheet === undefined || this.#view.status !== 'idle') return;
    if (client === undefined) return this.#set({ message: { intent: 'error', text: t('import.outcome.notConnected'), notes: [] } });
    const abort = new AbortController();
    this.#abort = abort;
    this.#set({ status: 'sending', progress: { done: 0, total: 0 }, message: undefined });
    try {
      const { counts } = await importStatement({
        client,
        sheet,
        language: this.#deps.language(),
        signal: abort.signal,
        onProgress: (done, total) => this.#set({ progress: { done, total } }),
      });
      this.#set({ status: 'idle', progress: undefined, message: this.#outcome(counts) });
    } catch (error) {
      // The table missing or maimed is said as it is; nothing was sent.
      const text =
        error instanceof ImportTableError
          ? error.messageIn(this.#deps.language())
          : t('import.outcome.failed', { reason: this.#reason(error) });
      this.#set({
        status: 'idle',
        progress: undefined,
        message: { intent: 'error', text, notes: [] },
        ...(error instanceof ImportTableError && error.reason === 'noTable' ? { tableExists: false } : {}),
      });
    } finally {
      this.#abort = undefined;
    }
  }

  /** Stops the send before its next call; rows of a call under way are read back by the next send. */
  cancel(): void {
    this.#abort?.abort();
  }

  #reason(error: unknown): string {
    const text = error instanceof Error ? error.message : String(error);
    return /[.!?…]$/.test(text) ? text : `${text}.`;
  }

  /** The card's message after a send: what landed, what waits, what to do next. */
  #outcome(counts: ImportCounts): AccountMessage {
    const { t } = this.#deps;
    const n = (count: number): string => formatCount(count, this.#deps.language());
    const line = (prefix: string, count: number): string | undefined =>
      count === 0 ? undefined : t(`${prefix}.${count === 1 ? 'one' : 'other'}` as MessageKey, { count: n(count) });
    const waiting = counts.waiting + counts.refused + counts.failed + counts.cancelled;
    const lines = [
      line('import.outcome.done', counts.imported),
      line('import.outcome.waiting', waiting),
      line('import.outcome.unconfirmed', counts.unconfirmed),
      line('import.outcome.already', counts.already),
      line('import.outcome.ibanNotKept', counts.ibanNotKept),
    ].filter((l): l is string => l !== undefined);
    if (lines.length === 0) return { intent: 'info', text: t('import.outcome.nothing'), notes: [] };
    const intent = counts.unconfirmed > 0 || waiting > 0 ? 'warning' : 'success';
    return { intent, text: lines[0] as string, notes: lines.slice(1) };
  }
}
