/**
 * The Share section's state: the auto-open switch (the document setting), the check before sharing, and "Empty the
 * data tables" (asked first, refused while changes or a planning grid's typed figures wait to be sent, or while the
 * pane writes). Every rule is in the core (`src/sync/share`); this module calls it with the host's ports and keeps
 * what the view shows.
 */

import type { Language, MessageKey } from '../../i18n/catalog';
import type { MessageParams } from '../../i18n/translate';
import { pendingChanges } from '../../sync/push';
import {
  checkBeforeSharing,
  emptyDataTables,
  secretProbes,
  type KnownCredentials,
  type SharePort,
  type ShareReport,
} from '../../sync/share';
import { pushableOf } from './changes-state';
import type { PaneHost } from './pane-host';
import type { ShareView } from './app-snapshot';

export type { EmptyView, ShareCheckView, ShareView } from './app-snapshot';

export interface ShareDeps {
  host: PaneHost;
  /** What the pane knows of every saved profile's credentials (client ID, secret, live token). */
  credentials(): KnownCredentials[];
  /** A load or a send is running: emptying would write under it. */
  busy(): boolean;
  /** The pane's language: a planning grid's sheet becomes the template's page in it. */
  language(): Language;
  /** Figures typed into the workbook's planning grids and not sent (emptying would lose them). */
  pendingGridFigures(): Promise<number>;
  t(key: MessageKey, params?: MessageParams): string;
  now(): string;
  publish(view: ShareView): void;
}

export class ShareState {
  readonly #deps: ShareDeps;
  #view: ShareView;
  /** Set when the dialog asked, taken by the answer (the dialog closes itself before it tells the answer). */
  #asked = false;

  constructor(deps: ShareDeps) {
    this.#deps = deps;
    this.#view = { available: deps.host.share !== undefined, autoOpenSaving: false, check: { status: 'idle' }, empty: { status: 'idle' } };
  }

  get view(): ShareView {
    return this.#view;
  }

  #set(patch: Partial<ShareView>): void {
    this.#view = { ...this.#view, ...patch };
    this.#deps.publish(this.#view);
  }

  /** Reads the auto-open setting (when the Share section opens: another window may have changed it). */
  async readAutoOpen(): Promise<void> {
    const port = this.#deps.host.share;
    if (port === undefined) return;
    const autoOpen = await port.readAutoOpen().catch(() => undefined);
    if (autoOpen !== undefined) this.#set({ autoOpen });
  }

  /** Writes the setting; the switch shows the new state at once and goes back if the write fails. */
  async setAutoOpen(on: boolean): Promise<void> {
    const port = this.#deps.host.share;
    if (port === undefined) return;
    const before = this.#view.autoOpen;
    this.#set({ autoOpen: on, autoOpenSaving: true, autoOpenError: undefined });
    try {
      await port.writeAutoOpen(on);
      this.#set({ autoOpenSaving: false });
    } catch (error) {
      this.#set({
        autoOpen: before,
        autoOpenSaving: false,
        autoOpenError: this.#deps.t('share.autoOpen.failed', { reason: messageOf(error) }),
      });
    }
  }

  async check(): Promise<ShareReport | undefined> {
    const port = this.#deps.host.share;
    if (port === undefined) return undefined;
    this.#set({ check: { status: 'checking' } });
    try {
      const report = await this.#report(port);
      this.#set({ check: { status: 'ready', report, at: this.#deps.now() }, autoOpen: report.autoOpen });
      return report;
    } catch (error) {
      this.#set({ check: { status: 'failed', message: this.#deps.t('share.check.failed', { reason: messageOf(error) }) } });
      return undefined;
    }
  }

  #report(port: SharePort): Promise<ShareReport> {
    const { host } = this.#deps;
    return checkBeforeSharing({
      port,
      pullStates: host.pullStates,
      connection: host.workbookConnection,
      probes: secretProbes(this.#deps.credentials()),
    });
  }

  /** "Empty the data tables…": refused while changes wait or the pane writes; else the check runs and the dialog asks. */
  async askEmpty(): Promise<void> {
    if (this.#deps.host.share === undefined) return;
    if (this.#deps.busy()) return this.#set({ empty: { status: 'refused', pendingRows: 0 } });
    const pendingRows = await this.#pendingRows().catch(() => 0);
    const pendingFigures = await this.#deps.pendingGridFigures().catch(() => 0);
    if (pendingRows > 0 || pendingFigures > 0) return this.#set({ empty: { status: 'refused', pendingRows, pendingFigures } });
    const report = await this.check();
    this.#asked = report !== undefined;
    if (report !== undefined) this.#set({ empty: { status: 'confirming', report } });
  }

  /** The dialog closed (answered or not): it no longer shows. */
  cancelEmpty(): void {
    if (this.#view.empty.status === 'confirming') this.#set({ empty: { status: 'idle' } });
  }

  /** The user confirmed: the tables are emptied (refused after all if changes arrived meanwhile). */
  async confirmEmpty(): Promise<boolean> {
    const port = this.#deps.host.share;
    const asked = this.#asked;
    this.#asked = false;
    if (port === undefined || !asked) return false;
    if (this.#deps.busy()) {
      this.#set({ empty: { status: 'refused', pendingRows: 0 } });
      return false;
    }
    this.#set({ empty: { status: 'emptying' } });
    try {
      const result = await emptyDataTables({
        port,
        pullStates: this.#deps.host.pullStates,
        language: this.#deps.language(),
        pendingRows: () => this.#pendingRows(),
        pendingGridFigures: () => this.#deps.pendingGridFigures(),
      });
      if (result.status === 'refused')
        this.#set({ empty: { status: 'refused', pendingRows: result.pendingRows, pendingFigures: result.pendingFigures } });
      else
        this.#set({
          empty: {
            status: 'done',
            tables: result.tables.length,
            rows: result.tables.reduce((sum, t) => sum + t.rowsRemoved, 0),
            grids: result.grids.map((g) => g.sheet),
            extras: result.extras.map((e) => e.kind),
          },
        });
      await this.check();
      return result.status === 'done';
    } catch (error) {
      this.#set({ empty: { status: 'failed', message: this.#deps.t('share.empty.failed', { reason: messageOf(error) }) } });
      return false;
    }
  }

  /** Rows waiting to be sent in the workbook's pushable tables, read from the workbook (signed in or not). */
  async #pendingRows(): Promise<number> {
    const { host } = this.#deps;
    const sheet = host.push?.sheet;
    if (sheet === undefined || host.baselines === undefined) return 0;
    let rows = 0;
    for (const state of await host.pullStates.list()) {
      const pushable = pushableOf(state.target);
      if (pushable === undefined) continue;
      const pending = await pendingChanges(pushable.model, sheet, host.baselines, state.baseline);
      rows += pending.rows.length;
    }
    return rows;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
