/**
 * The task pane's one state module: the views read a snapshot and call these actions; every rule lives in the
 * core (`src/sync`) or the host (`PaneHost`), reached only from here. No React here: the store is tested in Node
 * on the Excel simulation and the sandbox.
 *
 *   const app = new AppState({ storage: localStorage, prefix: partitionKey, host, environment });
 *   app.subscribe(() => render(app.snapshot()));
 *   await app.start();
 */

import { isAbort } from '../../api/abort';
import type { Plan } from '../../api';
import type { MessageKey } from '../../i18n/catalog';
import { formatCount, LOCALES } from '../../i18n/format-count';
import { translate, type MessageParams } from '../../i18n/translate';
import {
  baseUrlProblem,
  Connections,
  demoProfile,
  newProfileId,
  parseProfile,
  ProfileStore,
  sandboxAvailable,
  type CheckConnection,
  type ConnectResult,
  type KeyValueStorage,
  type WorkbookMatch,
} from '../../sync/connect';
import { loadOverview } from '../../sync/overview';
import { createPuller, targetKey, type PullProgress, type PullResult, type PullState, type PullTarget } from '../../sync/pull';
import { rowCount } from '../../sync/pull/row-count';
import { estimatedSeconds, needsConfirmation } from '../../sync/filters/load-estimate';
import { resolvePeriod, todayOf, type DateRange, type RelativePeriod } from '../../sync/filters/relative-period';
import { resolveFilter, type TableFilter } from '../../sync/filters/table-filter';
import { credentialKey, defaultTokenCache, RetryBudget, type CashflowClient } from '../../api';
import type { KnownCredentials } from '../../sync/share';
import { categoryTree } from './category-tree';
import { isCurrencyCode } from '../../sync/amount-format';
import { accountCurrencies, inferCompanyCurrency } from '../../sync/company-currency';
import type { ClientOptions } from '../../api/client';
import type { PaneHost } from './pane-host';
import type { AppSnapshot, PaneEnvironment, ProfileForm, PullOutcome, SaveResult, TableRow, Verdict } from './app-snapshot';
import { languageFromDisplay, Preferences, type FunctionsCacheSeconds, type LanguageChoice, type LoadConfirmChoice } from './preferences';
import { tableList } from './table-list';
import { ChangesState, pushableOf } from './changes-state';
import { EditWatch } from './edit-watch';
import { FiguresState, type FiguresOptions } from './figures-state';
import { DemoWatch, type DemoWatchOptions } from './demo-watch';
import { ShareState } from './share-state';
import { OfflineAccountState } from './offline-account-state';
import type { OfflineAccountForm } from '../../sync/accounts';
export type { EmptyView, ShareCheckView, ShareView } from './share-state';
export type { ChangesTable, ChangesView, JournalSummary, OpenedJournalEntry, RefreshPrompt } from './changes-state';
import type { KeptEdits, PushChoices, PushReference, Resolution, RowRef } from '../../sync/push';

export type {
  Theme,
  PaneEnvironment,
  ConnectionView,
  PullOutcome,
  Verdict,
  TableRow,
  Job,
  FilterOptions,
  OverviewView,
  AppSnapshot,
  ProfileForm,
  SaveResult,
  LoadPrompt,
  CompanyCurrencyView,
} from './app-snapshot';

export interface AppStateOptions {
  storage: KeyValueStorage;
  /** `Office.context.partitionKey` where defined. */
  prefix?: string;
  host: PaneHost;
  environment: PaneEnvironment;
  /** For tests: the connection check, client options (fetch, token cache), clock. */
  check?: CheckConnection;
  client?: Omit<Partial<ClientOptions>, 'baseUrl' | 'clientId' | 'clientSecret' | 'language'>;
  now?: () => number;
  /** How long a connect may take before it gives up (default: the core's `CONNECT_DEADLINE_MS`). */
  connectDeadlineMs?: number;
  /** The CASHFLOW functions' engine: cache time, deadline, batch window, the link (for tests). */
  figures?: FiguresOptions;
  /** Quiet time after a user edit before the changes are checked (`watchEdits`), in ms; default 250. */
  editCheckDelayMs?: number;
  /** How the sandbox is asked for the demo: first and later time-outs, pauses between later asks (`demo-watch.ts`). */
  demoWatch?: Pick<DemoWatchOptions, 'firstTimeoutMs' | 'laterTimeoutMs' | 'delaysMs'>;
}

type Listener = () => void;

export class AppState {
  readonly #options: AppStateOptions;
  readonly #profiles: ProfileStore;
  readonly #preferences: Preferences;
  readonly #connections: Connections;
  readonly #listeners = new Set<Listener>();
  #snapshot: AppSnapshot;
  #plans: Plan[] = [];
  #verdicts = new Map<string, Verdict>();
  #outcomes = new Map<string, PullOutcome>();
  /** Filters the user set and that were not loaded yet, by table id. */
  #drafts = new Map<string, TableFilter>();
  /** Answers the load confirmation that waits (`loadPrompt`). */
  #loadAnswer: ((load: boolean) => void) | undefined;
  #queue: string[] = [];
  #abort: AbortController | undefined;
  /** The connect under way: a newer one (the demo meanwhile) or "Cancel" aborts it. */
  #connecting: AbortController | undefined;
  #pulled: PullState[] = [];
  readonly #changes: ChangesState;
  readonly #figures: FiguresState;
  readonly #share: ShareState;
  readonly #offlineAccount: OfflineAccountState;
  /** Edits a refresh keeps, by table id, put back on top of the refreshed rows. */
  readonly #kept = new Map<string, KeptEdits>();
  #pendingRefresh: { tableIds: string[]; mode: 'auto' | 'full' } | undefined;
  #reference: PushReference | undefined;
  #demoWatch: DemoWatch | undefined;

  constructor(options: AppStateOptions) {
    this.#options = options;
    const prefix = options.prefix ?? '';
    this.#profiles = new ProfileStore(options.storage, prefix);
    this.#preferences = new Preferences(options.storage, prefix);
    const languageChoice = this.#preferences.languageChoice();
    const language = languageChoice === 'office' ? languageFromDisplay(options.environment.displayLanguage) : languageChoice;
    this.#connections = new Connections({
      profiles: this.#profiles,
      language,
      ...(options.check ? { check: options.check } : {}),
      ...(options.client ? { client: options.client } : {}),
      ...(options.connectDeadlineMs === undefined ? {} : { deadlineMs: options.connectDeadlineMs }),
    });
    this.#share = new ShareState({
      host: options.host,
      credentials: () => this.#knownCredentials(),
      busy: () => this.#draining !== undefined || this.#snapshot.changes.tables.some((c) => c.status !== 'idle'),
      t: (key, params) => this.t(key, params),
      now: () => this.#nowIso(),
      publish: (share) => this.#set({ share }),
    });
    this.#offlineAccount = new OfflineAccountState({
      client: () => this.#connections.active()?.client,
      language: () => this.#snapshot.language,
      t: (key, params) => this.t(key, params),
      currency: () => this.#snapshot.companyCurrency?.chosen ?? this.#snapshot.companyCurrency?.inferred,
      accountsLoaded: () => this.#snapshot.tables.some((r) => r.id === 'accounts' && r.pulled !== undefined),
      refreshAccounts: () => this.pull('accounts'),
      created: (account) => this.#accountCreated(account),
      publish: (offlineAccount) => this.#set({ offlineAccount }),
    });
    this.#snapshot = {
      started: false,
      language,
      languageChoice,
      theme: options.environment.theme,
      demoAvailable: false,
      profiles: this.#profiles.list(),
      connection: { status: 'signedOut' },
      workbook: { status: 'none' },
      overview: { status: 'idle' },
      tables: [],
      changes: { tables: [] },
      functions: { status: 'idle', cacheSeconds: this.#preferences.functionsCacheSeconds() },
      share: this.#share.view,
      offlineAccount: this.#offlineAccount.view,
      filterSettings: { fiscalYearStartMonth: this.#preferences.fiscalYearStartMonth(), loadConfirm: this.#preferences.loadConfirm() },
    };
    this.#figures = new FiguresState(options.host, language, { cacheTtlMs: this.#snapshot.functions.cacheSeconds * 1000, ...options.figures });
    this.#changes = new ChangesState({
      host: options.host,
      client: () => this.#connections.active()?.client,
      language: () => this.#snapshot.language,
      tables: () => this.#snapshot.tables,
      reference: () => this.#reference,
      t: (key, params) => this.t(key, params),
      publish: (changes) => this.#set({ changes }),
    });
  }

  // ---- the store -------------------------------------------------------------------------------------------

  subscribe = (listener: Listener): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  snapshot = (): AppSnapshot => this.#snapshot;

  t = (key: MessageKey, params?: MessageParams): string => translate(this.#snapshot.language, key, params);

  #set(patch: Partial<AppSnapshot>): void {
    this.#snapshot = { ...this.#snapshot, ...patch };
    for (const listener of this.#listeners) listener();
  }

  // ---- start-up --------------------------------------------------------------------------------------------

  /**
   * Reads the workbook (which profile built it, what was pulled), asks whether the sandbox answers, and connects
   * at once when the workbook's profile (or, for a new workbook, the last one used) has its secret on this computer.
   * A workbook that names another profile, another address for a saved one, or an insecure address connects
   * nothing by itself: the user chooses (see `WorkbookMatch`).
   */
  async start(): Promise<void> {
    const { host, environment } = this.#options;
    const [workbook, pulled, demoAvailable] = await Promise.all([
      this.#connections.forWorkbook(host.workbookConnection).catch((): WorkbookMatch => ({ status: 'none' })),
      host.pullStates.list().catch((): PullState[] => []),
      this.#askForDemo(environment.sandboxUrl),
    ]);
    this.#pulled = pulled;
    this.#set({ started: true, workbook, demoAvailable, profiles: this.#profiles.list() });
    const candidate = workbook.status === 'known' ? workbook.profile.id : workbook.status === 'none' ? this.#preferences.lastProfile() : undefined;
    if (candidate !== undefined && this.#profiles.get(candidate) !== undefined && this.#profiles.secret(candidate) !== undefined) await this.connect(candidate);
  }

  /**
   * Whether the sandbox answers, briefly; when it does not, it is asked again in the background while nobody is
   * connected, and the demo is offered once it answers. A sandbox at an address no profile may have (http to another
   * computer) is neither offered nor asked.
   */
  #askForDemo(sandboxUrl: string | undefined): Promise<boolean> {
    if (sandboxUrl === undefined || baseUrlProblem(sandboxUrl) !== undefined) return Promise.resolve(false);
    const fetchImpl = this.#options.client?.fetch;
    this.#demoWatch?.stop();
    this.#demoWatch = new DemoWatch({
      probe: (timeoutMs) => sandboxAvailable(sandboxUrl, fetchImpl, timeoutMs),
      onFound: () => this.#set({ demoAvailable: true }),
      wanted: () => this.#snapshot.connection.status !== 'connected',
      ...this.#options.demoWatch,
    });
    return this.#demoWatch.first();
  }

  // ---- connections -----------------------------------------------------------------------------------------

  /**
   * Validates and connects; only a connection that succeeded saves the profile and keeps the secret (as "remember"
   * says). `ok`: the form was complete and the connection was tried; `snapshot().connection` tells how it went, and
   * after a failure the saved profiles and secrets are as they were.
   */
  async saveProfile(form: ProfileForm): Promise<SaveResult> {
    const parsed = parseProfile(
      { id: form.id ?? newProfileId(), name: form.name, baseUrl: form.baseUrl, clientId: form.clientId, kind: form.kind, remember: form.remember },
      this.#snapshot.language,
    );
    const problems = parsed.ok ? [] : [...parsed.problems];
    const existingSecret = form.id === undefined ? undefined : this.#profiles.secret(form.id);
    const secret = form.secret.trim() === '' ? existingSecret : form.secret.trim();
    if (secret === undefined) problems.push({ field: 'secret', message: this.t('pane.connect.error.secret') });
    if (!parsed.ok || secret === undefined || problems.length > 0) return { ok: false, problems };
    const profile = parsed.profile;
    await this.#connectBy(profile.id, (signal) => this.#connections.connectWith(profile, secret, { signal }));
    return { ok: true };
  }

  /** The sandbox's demo company, saved as a profile and connected. */
  async connectDemo(): Promise<void> {
    const url = this.#options.environment.sandboxUrl;
    if (url === undefined) return;
    const demo = demoProfile(url, this.#snapshot.language);
    // Keep the name it had: the workbook remembers the profile by name, whatever the language is now.
    const existing = this.#profiles.get(demo.profile.id);
    this.#profiles.save(existing === undefined ? demo.profile : { ...demo.profile, name: existing.name }, demo.secret);
    this.#set({ profiles: this.#profiles.list() });
    await this.connect(demo.profile.id);
  }

  /** Connects a saved profile: `secret` as just typed, else the one this computer keeps. */
  async connect(profileId: string, secret?: string): Promise<void> {
    await this.#connectBy(profileId, async (signal) => {
      const result = await this.#connections.connect(profileId, secret, { signal });
      // A refused kept secret is forgotten: the saved connection asks for it again instead of failing the same way.
      // (A refused typed one was never kept; the kept one, if any, may still be right.)
      if (!result.ok && result.problem === 'credentials' && secret === undefined) this.#profiles.forgetSecret(profileId);
      return result;
    });
  }

  /**
   * One connect at a time: a newer one (the demo while a service hangs) supersedes the one under way, whose late
   * answer is then ignored; `cancelConnect` ends it; the core gives up after its deadline ('gaveUp').
   */
  async #connectBy(profileId: string, run: (signal: AbortSignal) => Promise<ConnectResult>): Promise<void> {
    this.cancel();
    this.#connecting?.abort();
    const attempt = new AbortController();
    this.#connecting = attempt;
    this.#set({ connection: { status: 'connecting', profileId }, overview: { status: 'idle' }, tables: [], filterOptions: undefined, companyCurrency: undefined });
    let result: ConnectResult;
    try {
      result = await run(attempt.signal);
    } catch (error) {
      if (isAbort(error, attempt.signal)) return;
      throw error;
    }
    if (this.#connecting !== attempt) return;
    this.#connecting = undefined;
    if (!result.ok) {
      this.#set({
        connection: { status: 'failed', profileId, problem: result.problem, message: result.message, ...(result.detail === undefined ? {} : { detail: result.detail }) },
        profiles: this.#profiles.list(),
      });
      return;
    }
    const { profile, companyIds } = result.connection;
    this.#preferences.setLastProfile(profile.id);
    const chosen = this.#preferences.companyCurrency(profile.id);
    this.#set({
      connection: { status: 'connected', profile, companyIds },
      profiles: this.#profiles.list(),
      companyCurrency: { profileId: profile.id, ...(chosen === undefined ? {} : { chosen }), choices: [] },
    });
    await Promise.all([this.#loadCatalog(), this.loadOverview(), this.#recalculating(this.#figures.connect(result.connection.client))]);
  }

  /** Ends the connect under way: nothing is saved, the pane is signed out as before it. */
  cancelConnect(): void {
    const attempt = this.#connecting;
    if (attempt === undefined) return;
    this.#connecting = undefined;
    attempt.abort();
    this.#set({ connection: { status: 'signedOut' }, profiles: this.#profiles.list() });
  }

  /** Forgets the secret and the token of the active profile. */
  signOut(): void {
    this.cancel();
    this.#connecting?.abort();
    this.#connecting = undefined;
    this.#connections.signOut();
    void this.#recalculating(this.#figures.disconnect());
    this.#preferences.setLastProfile(undefined);
    this.#set({ connection: { status: 'signedOut' }, overview: { status: 'idle' }, tables: [], filterOptions: undefined, companyCurrency: undefined, profiles: this.#profiles.list() });
  }

  removeProfile(profileId: string): void {
    if (this.#connections.active()?.profile.id === profileId) this.signOut();
    this.#profiles.remove(profileId);
    this.#preferences.setCompanyCurrency(profileId, undefined);
    this.#set({ profiles: this.#profiles.list() });
  }

  /** A saved profile whose secret this computer does not keep (remember off, or signed out). */
  needsSecret(profileId: string): boolean {
    return this.#profiles.secret(profileId) === undefined;
  }

  // ---- settings --------------------------------------------------------------------------------------------

  setLanguage(choice: LanguageChoice): void {
    this.#preferences.setLanguageChoice(choice);
    const language = choice === 'office' ? languageFromDisplay(this.#options.environment.displayLanguage) : choice;
    this.#connections.setLanguage(language);
    this.#set({ language, languageChoice: choice });
    void this.#recalculating(this.#figures.setLanguage(language));
  }

  /**
   * The connected profile's company currency: a three-letter code (any case, spaces around ignored), or undefined for
   * the accounts' (the currency most of them have). Kept per profile on this computer; the tables show it at their
   * next refresh. False (nothing kept) for a code that is not three letters.
   */
  setCompanyCurrency(code: string | undefined): boolean {
    const view = this.#snapshot.companyCurrency;
    const normalized = code?.trim().toUpperCase();
    if (view === undefined || (normalized !== undefined && normalized !== '' && !isCurrencyCode(normalized))) return false;
    const chosen = normalized === '' ? undefined : normalized;
    this.#preferences.setCompanyCurrency(view.profileId, chosen);
    const { chosen: _previous, ...rest } = view;
    this.#set({ companyCurrency: chosen === undefined ? rest : { ...rest, chosen } });
    void this.#showAmountsIn(chosen ?? view.inferred);
    return true;
  }

  /** The laid-out sheets' amounts (the template's Overview) in the company currency; a failure leaves them as they were. */
  async #showAmountsIn(currency: string | undefined): Promise<void> {
    const show = this.#options.host.showAmountsInCurrency;
    if (currency === undefined || show === undefined) return;
    await show(currency).catch(() => undefined);
  }

  /** The fiscal year's first month (1 to 12), for the filter period "Fiscal year" (kept on this computer). */
  setFiscalYearStartMonth(month: number): void {
    if (!Number.isInteger(month) || month < 1 || month > 12) return;
    this.#preferences.setFiscalYearStartMonth(month);
    this.#set({ filterSettings: { ...this.#snapshot.filterSettings, fiscalYearStartMonth: month } });
    this.#refreshTables();
  }

  /** Above how many rows a load asks first (kept on this computer). */
  setLoadConfirm(choice: LoadConfirmChoice): void {
    this.#preferences.setLoadConfirm(choice);
    this.#set({ filterSettings: { ...this.#snapshot.filterSettings, loadConfirm: choice } });
  }

  // ---- overview --------------------------------------------------------------------------------------------

  async loadOverview(): Promise<void> {
    const active = this.#connections.active();
    if (active === undefined) return;
    this.#set({ overview: { status: 'loading' } });
    try {
      const group = active.profile.kind === 'group' ? { groupCompanyIds: active.companyIds } : {};
      const data = await loadOverview({ client: active.client, ...group });
      if (this.#connections.active() === active) this.#set({ overview: { status: 'ready', data, at: this.#nowIso() } });
    } catch (error) {
      if (this.#connections.active() === active) this.#set({ overview: { status: 'failed', message: messageOf(error) } });
    }
  }

  // ---- data ------------------------------------------------------------------------------------------------

  /** Changes the filters a table's next pull uses (a full pull: the rows differ); the card says they wait. */
  setTarget(tableId: string, target: PullTarget, period?: RelativePeriod): void {
    this.#drafts.set(tableId, period === undefined ? { target } : { target, period });
    this.#refreshTables();
  }

  /** "Apply and load": the table's filter becomes this one, and its rows are loaded with it (asking first when many). */
  applyFilter(tableId: string, filter: TableFilter): Promise<void> {
    this.setTarget(tableId, filter.target, filter.period);
    return this.pull(tableId);
  }

  /** The dates a period covers today (on the pane's clock, with the fiscal year of Settings): the form shows them. */
  periodDates(period: RelativePeriod): DateRange {
    return resolvePeriod(period, { today: todayOf(this.#options.now ?? Date.now), fiscalYearStartMonth: this.#snapshot.filterSettings.fiscalYearStartMonth });
  }

  /** The answer to the load confirmation: load the counted rows, or not (the table stays as it is). */
  answerLoad(load: boolean): void {
    const answer = this.#loadAnswer;
    this.#loadAnswer = undefined;
    this.#set({ loadPrompt: undefined });
    answer?.(load);
  }

  /**
   * Pulls one table (refresh when it was pulled before with the same filters), or queues it behind the running one.
   * A table with pending changes is not refreshed before the user said what becomes of them (`answerRefresh`).
   */
  async pull(tableId: string, mode: 'auto' | 'full' = 'auto'): Promise<void> {
    if (this.#snapshot.job?.tableId === tableId || this.#queue.includes(tableId) || this.#sending(tableId)) return;
    if (await this.#askFirst([tableId], mode)) return;
    this.#enqueue(tableId, mode);
    return this.#drain();
  }

  #enqueue(tableId: string, mode: 'auto' | 'full'): void {
    this.#queue.push(tableId);
    this.#modes.set(tableId, mode);
    // A table loaded for the first time by itself is shown once it is there (not during "Refresh all").
    if (this.#snapshot.tables.find((r) => r.id === tableId)?.pulled === undefined) this.#showWhenDone.add(tableId);
    this.#refreshTables();
  }

  /** A send or an undo runs on the table: a refresh would write under it. */
  #sending(tableId: string): boolean {
    return this.#snapshot.changes.tables.some((c) => c.tableId === tableId && c.status !== 'idle');
  }

  /** Asks before refreshing tables with pending changes; true when the refresh now waits for the answer. */
  async #askFirst(tableIds: string[], mode: 'auto' | 'full'): Promise<boolean> {
    const candidates = tableIds.filter((id) => this.#snapshot.tables.find((r) => r.id === id)?.pulled !== undefined);
    const prompt = candidates.length === 0 ? undefined : await this.#changes.pendingAmong(candidates).catch(() => undefined);
    if (prompt === undefined) return false;
    this.#pendingRefresh = { tableIds, mode };
    this.#set({ refreshPrompt: prompt });
    return true;
  }

  /**
   * The answer to the refresh prompt: `keep` refreshes and puts the pending changes back on top of the refreshed
   * rows (still pending); `discard` refreshes and lets the service's values replace them; `cancel` refreshes nothing.
   */
  async answerRefresh(answer: 'keep' | 'discard' | 'cancel'): Promise<void> {
    const pending = this.#pendingRefresh;
    const prompt = this.#snapshot.refreshPrompt;
    this.#pendingRefresh = undefined;
    this.#set({ refreshPrompt: undefined });
    if (pending === undefined || answer === 'cancel') return;
    if (answer === 'keep') {
      for (const id of prompt?.tableIds ?? []) {
        const kept = await this.#changes.keep(id).catch(() => undefined);
        if (kept) this.#kept.set(id, kept);
      }
    }
    for (const id of pending.tableIds) if (this.#snapshot.job?.tableId !== id && !this.#queue.includes(id)) this.#enqueue(id, pending.mode);
    return this.#drain();
  }

  readonly #showWhenDone = new Set<string>();

  /** Pulls every table the workbook holds (or, in a new workbook, none): one after the other. */
  async refreshAll(): Promise<void> {
    const ids = this.#snapshot.tables
      .filter((row) => row.pulled !== undefined && !this.#queue.includes(row.id) && this.#snapshot.job?.tableId !== row.id && !this.#sending(row.id))
      .map((row) => row.id);
    if (await this.#askFirst(ids, 'auto')) return;
    for (const id of ids) this.#queue.push(id);
    this.#refreshTables();
    return this.#drain();
  }

  // ---- changes and push ------------------------------------------------------------------------------------

  /** Reads the pending changes of every pushable table (no request to the service). */
  reviewChanges(): Promise<void> {
    return this.#changes.review();
  }

  /** Selects a row of a pushable table in the sheet, so the user lands on it; false when the table no longer holds it. */
  selectRow(tableId: string, ref: RowRef): Promise<boolean> {
    return this.#changes.selectRow(tableId, ref);
  }

  /** Opens a send of the journal to list the rows it touched (read alone, shown in blocks). */
  openJournalEntry(tableId: string, entryId: string): Promise<void> {
    return this.#changes.openJournalEntry(tableId, entryId);
  }

  closeJournalEntry(tableId: string): void {
    this.#changes.closeJournalEntry(tableId);
  }

  moreJournalRows(tableId: string): void {
    this.#changes.moreJournalRows(tableId);
  }

  /** Selects a row of the opened send in the sheet; false (and the row says so) when the table no longer holds it. */
  showJournalRow(tableId: string, key: string): Promise<boolean> {
    return this.#changes.showJournalRow(tableId, key);
  }

  /**
   * Checks the pending changes shortly after each user edit of a pushable table (the worksheet's changed event), so
   * an edited cell is marked changed at once; returns the stop. The pane calls it once it is shown.
   */
  watchEdits(): () => Promise<void> {
    const watchUserEdits = this.#options.host.watchUserEdits;
    if (watchUserEdits === undefined) return async () => undefined;
    const watch = new EditWatch({
      listen: (onEdit) => watchUserEdits(onEdit),
      tracks: (name) => this.#snapshot.tables.some((r) => r.pulled !== undefined && pushableOf(r.target) !== undefined && r.tableName.toLowerCase() === name.toLowerCase()),
      busy: () => this.#draining !== undefined || this.#snapshot.changes.tables.some((c) => c.status !== 'idle'),
      review: () => this.#changes.review(),
      ...(this.#options.editCheckDelayMs === undefined ? {} : { delayMs: this.#options.editCheckDelayMs }),
    });
    return () => watch.stop();
  }

  /** Pushes a table's pending changes with what the user confirmed (deletes, whole-row writes, Replace of rows). */
  pushChanges(tableId: string, confirmed: Omit<PushChoices, 'resolutions'> = {}): Promise<void> {
    return this.#thenRefreshFunctions(this.#changes.pushTable(tableId, confirmed));
  }

  /** Keep mine or take theirs, for a row in conflict: the push runs again with it. */
  resolveConflict(tableId: string, rowKey: string, resolution: Resolution): Promise<void> {
    return this.#thenRefreshFunctions(this.#changes.resolve(tableId, rowKey, resolution));
  }

  /** The pulled values come back (all pending rows of the table, or the named ones). */
  discardChanges(tableId: string, rowKeys?: ReadonlySet<string>): Promise<void> {
    return this.#changes.discard(tableId, rowKeys);
  }

  undoLastPush(tableId: string): Promise<void> {
    return this.#thenRefreshFunctions(this.#changes.undoLast(tableId));
  }

  // ---- sharing the workbook --------------------------------------------------------------------------------

  /** The Share section opens: the auto-open setting is read (another window may have changed it). */
  openShare(): Promise<void> {
    return this.#share.readAutoOpen();
  }

  /** "Open this pane when a colleague opens this workbook": the document setting, saved with the file. */
  setAutoOpen(on: boolean): Promise<void> {
    return this.#share.setAutoOpen(on);
  }

  /** The check before sharing: what the workbook holds, and whether a secret the pane knows is in it. */
  async checkBeforeSharing(): Promise<void> {
    await this.#share.check();
  }

  /** "Empty the data tables…": refused while changes wait or a load or send runs; else asks (`share.empty`). */
  askEmptyTables(): Promise<void> {
    return this.#share.askEmpty();
  }

  cancelEmptyTables(): void {
    this.#share.cancelEmpty();
  }

  /** The answer yes: every pulled table keeps its header, formats and lists with one blank row; the Data view says "never loaded". */
  async emptyTables(): Promise<void> {
    const emptied = await this.#share.confirmEmpty();
    if (!emptied) return;
    this.#verdicts.clear();
    this.#outcomes.clear();
    this.#pulled = await this.#options.host.pullStates.list().catch(() => []);
    this.#refreshTables();
    await this.#changes.review().catch(() => undefined);
    void this.refreshFunctions();
  }

  /**
   * What the pane knows of each saved profile's credentials, for the check: the client ID, the secret this computer
   * or this session keeps, and the live tokens of those credentials (the token cache's key, as the client makes it).
   */
  #knownCredentials(): KnownCredentials[] {
    const cache = this.#options.client?.tokenCache ?? defaultTokenCache;
    return this.#profiles.list().map((profile) => {
      const secret = this.#profiles.secret(profile.id);
      const baseUrls = [profile.baseUrl, `${profile.baseUrl.replace(/\/+$/, '')}/`];
      const accessTokens = secret === undefined ? [] : [...new Set(baseUrls.flatMap((url) => cache.tokensFor(credentialKey(url, profile.clientId, secret))))];
      return { profileName: profile.name, clientId: profile.clientId, ...(secret === undefined ? {} : { clientSecret: secret }), accessTokens };
    });
  }

  // ---- offline accounts ------------------------------------------------------------------------------------

  /** "New offline account…": the dialog opens with an empty form. */
  openOfflineAccount(): void {
    this.#offlineAccount.open();
  }

  closeOfflineAccount(): void {
    this.#offlineAccount.close();
  }

  /** Checks the form and creates the account (or finds the one with that IBAN and currency). */
  createOfflineAccount(form: OfflineAccountForm): Promise<void> {
    return this.#offlineAccount.create(form);
  }

  /** "Load the Accounts table", offered after a create. */
  loadAccountsTable(): Promise<void> {
    return this.#offlineAccount.loadAccounts();
  }

  /** The filters' account list and the push's reference know the new account; the overview's balances are read again. */
  #accountCreated(account: { id: number; name: string }): void {
    const entry = { id: account.id, name: account.name };
    const options = this.#snapshot.filterOptions;
    if (options !== undefined) this.#set({ filterOptions: { ...options, accounts: [...options.accounts, entry] } });
    if (this.#reference !== undefined) this.#reference = { ...this.#reference, accounts: [...this.#reference.accounts, entry] };
    void this.loadOverview();
  }

  // ---- the CASHFLOW functions ------------------------------------------------------------------------------

  /** How long the functions keep a figure (kept on this computer). */
  setFunctionsCache(seconds: FunctionsCacheSeconds): void {
    this.#preferences.setFunctionsCacheSeconds(seconds);
    this.#figures.setCacheTtl(seconds * 1000);
    this.#set({ functions: { ...this.#snapshot.functions, cacheSeconds: seconds } });
  }

  /** "Refresh functions": every CASHFLOW figure is read from the service again (the cache is emptied). */
  refreshFunctions(): Promise<void> {
    return this.#recalculating(this.#figures.refresh());
  }

  /** Waits for the recalculation, telling the view while it runs. */
  async #recalculating(work: Promise<void>): Promise<void> {
    this.#functionsRuns += 1;
    this.#set({ functions: { ...this.#snapshot.functions, status: 'refreshing' } });
    try {
      await work;
    } finally {
      this.#functionsRuns -= 1;
      if (this.#functionsRuns === 0) this.#set({ functions: { ...this.#snapshot.functions, status: 'idle', at: this.#nowIso() } });
    }
  }

  #functionsRuns = 0;

  /** A send may have changed what the functions show, whether it succeeded or not. */
  async #thenRefreshFunctions(work: Promise<void>): Promise<void> {
    try {
      await work;
    } finally {
      void this.refreshFunctions();
    }
  }

  cancelPush(): void {
    this.#changes.cancel();
  }

  /** Stops the running pull (the table stays as it was) and empties the queue. */
  cancel(): void {
    this.#queue = [];
    if (this.#loadAnswer !== undefined) this.answerLoad(false);
    const job = this.#snapshot.job;
    if (job !== undefined && this.#abort !== undefined) {
      this.#abort.abort();
      this.#set({ job: { ...job, cancelling: true } });
    }
    this.#refreshTables();
  }

  async activate(tableId: string): Promise<void> {
    const row = this.#snapshot.tables.find((r) => r.id === tableId);
    if (row?.pulled !== undefined) await this.#options.host.activateTable(row.tableName).catch(() => undefined);
  }

  readonly #modes = new Map<string, 'auto' | 'full'>();
  #draining: Promise<void> | undefined;

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

  async #runQueue(): Promise<void> {
    for (let next = this.#queue.shift(); next !== undefined; next = this.#queue.shift()) await this.#run(next);
  }

  async #run(tableId: string): Promise<void> {
    const active = this.#connections.active();
    const row = this.#snapshot.tables.find((r) => r.id === tableId);
    if (active === undefined || row === undefined) return;
    const { host } = this.#options;
    const language = this.#snapshot.language;
    const abort = new AbortController();
    this.#abort = abort;
    // The card's name in every message of this pull (progress, toasts, errors): never the Excel table's name.
    const label = this.t(row.label, row.labelParams);
    this.#set({ job: { tableId, tableName: row.tableName, label, cancelling: false } });
    this.#refreshTables();
    const puller = createPuller({
      client: active.client,
      port: host.port,
      store: host.pullStates,
      language,
      ...(host.baselines ? { baselines: host.baselines } : {}),
      ...companyCurrencyOf(this.#preferences.companyCurrency(active.profile.id)),
      ...(this.#options.now ? { now: this.#options.now } : {}),
    });
    const options = {
      signal: abort.signal,
      mode: this.#modes.get(tableId) ?? 'auto',
      label,
      // The stamp above the table names the company as the pane's header does.
      company: active.profile.name,
      onProgress: (progress: PullProgress) => {
        const job = this.#snapshot.job;
        if (job?.tableId === tableId) this.#set({ job: { ...job, progress } });
      },
    } as const;
    try {
      const target = this.resolvedTarget(row);
      const period = row.period === undefined ? {} : { period: row.period };
      const samePull = row.pulled !== undefined && targetKey(row.pulled.target) === targetKey(target) && row.pulled.period === row.period;
      if ((!samePull || options.mode === 'full') && !(await this.#confirmLoad(tableId, row.tableName, target, active.client, abort.signal))) {
        this.#outcomes.set(tableId, { kind: 'cancelled', message: this.t('pane.load.declined', { table: row.tableName }), at: this.#nowIso() });
        return;
      }
      const result = samePull ? await puller.refresh(row.tableName, { ...options, ...period }) : await puller.pull(target, { ...options, ...period, mode: 'full' });
      this.#drafts.delete(tableId);
      // The workbook notes which profile built it (name and base URL, never the secret), and now names this one.
      const remembered = await this.#connections.rememberIn(host.workbookConnection).then(() => true, () => false);
      if (remembered && this.#connections.active() === active) this.#set({ workbook: { status: 'known', profile: active.profile } });
      this.#verdicts.set(tableId, this.#verdictOf(result));
      await this.#afterPull(tableId, row.target);
      void this.refreshFunctions();
      if (this.#showWhenDone.has(tableId)) await host.activateTable(row.tableName).catch(() => undefined);
      this.#outcomes.set(tableId, { kind: 'done', message: this.t('pane.data.done', { table: label, rows: formatCount(result.rowCount, language) }), at: this.#nowIso() });
    } catch (error) {
      const cancelled = abort.signal.aborted || isAbort(error);
      this.#outcomes.set(
        tableId,
        cancelled
          ? { kind: 'cancelled', message: this.t('pane.data.cancelled', { table: label }), at: this.#nowIso() }
          : { kind: 'failed', message: this.t('pane.data.failed', { table: label, reason: messageOf(error) }), detail: detailOf(error), at: this.#nowIso() },
      );
    } finally {
      this.#kept.delete(tableId);
      this.#abort = undefined;
      this.#modes.delete(tableId);
      this.#showWhenDone.delete(tableId);
      this.#pulled = await host.pullStates.list().catch(() => this.#pulled);
      this.#set({ job: undefined });
      this.#refreshTables();
    }
  }

  /** The target a pull of the row runs today: its period resolved on the clock's day with the fiscal year of Settings. */
  resolvedTarget(row: TableFilter): PullTarget {
    const today = todayOf(this.#options.now ?? Date.now);
    return resolveFilter(row, { today, fiscalYearStartMonth: this.#snapshot.filterSettings.fiscalYearStartMonth });
  }

  /**
   * Counts what a full load brings (one `page_size=1` read) and tells the job; above the Settings threshold, asks
   * (`loadPrompt`, `answerLoad`). True: load. A count that fails asks nothing (the pull reports what is wrong).
   */
  async #confirmLoad(tableId: string, tableName: string, target: PullTarget, client: CashflowClient, signal: AbortSignal): Promise<boolean> {
    // One try, no waiting: a service that asks to wait (429) or fails is waited for by the pull, whose progress says so.
    const once = client.withRetryBudget(new RetryBudget({ giveUpAfterMs: 0 }));
    const rows = await rowCount(once, target, signal).catch(() => undefined);
    throwIfCancelled(signal);
    if (rows === undefined) return true;
    const job = this.#snapshot.job;
    if (job?.tableId === tableId) this.#set({ job: { ...job, expectedRows: rows } });
    const choice = this.#snapshot.filterSettings.loadConfirm;
    if (!needsConfirmation(rows, choice === 'never' ? undefined : choice)) return true;
    const load = await new Promise<boolean>((resolve) => {
      this.#loadAnswer = resolve;
      this.#set({ loadPrompt: { tableId, tableName, rows, seconds: estimatedSeconds(rows) } });
    });
    throwIfCancelled(signal);
    return load;
  }

  /** A pushable table shows its input cells; edits the user chose to keep go back on top of the refreshed rows. */
  async #afterPull(tableId: string, target: PullTarget): Promise<void> {
    const pushable = pushableOf(target);
    const kept = this.#kept.get(tableId);
    this.#kept.delete(tableId);
    if (pushable === undefined) return;
    await this.#options.host.push?.styleInputs?.(pushable.model).catch(() => undefined);
    if (kept) await this.#changes.putBack(tableId, kept);
  }

  #verdictOf(result: PullResult): Verdict {
    const language = this.#snapshot.language;
    // Records sharing an id explain a failed check better than its figures: their warnings say which id (and the
    // figures' warning is among them when the clashes do not account for all of the difference).
    if (result.verification !== undefined && !result.verification.ok && result.idClashes === undefined) {
      const v = result.verification;
      return { complete: false, reason: translate(language, 'pane.verdict.mismatch', { actual: formatCount(v.actualCount, language), expected: formatCount(v.expectedCount, language) }) };
    }
    if (result.warnings.length > 0) return { complete: false, reason: result.warnings.join(' ') };
    return { complete: true, ...(result.fallback === undefined ? {} : { reason: result.fallback.message }) };
  }

  async #loadCatalog(): Promise<void> {
    const active = this.#connections.active();
    if (active === undefined) return;
    const group = active.profile.kind === 'group';
    this.#plans = [];
    this.#reference = undefined;
    this.#refreshTables();
    if (group) {
      this.#set({ filterOptions: { accounts: [], categories: [] } });
      return;
    }
    const [plans, categories, summary] = await Promise.all([
      active.client.plans.list().catch((): Plan[] => []),
      active.client.categories.list().catch(() => []),
      active.client.accounts.summary().catch(() => undefined),
    ]);
    if (this.#connections.active() !== active) return;
    this.#plans = plans;
    // What every push needs besides the rows it writes (it reads them itself when this is missing).
    this.#reference = plans.length > 0 && categories.length > 0 && summary !== undefined ? { plans, categories, accounts: summary.accounts.map((a) => ({ id: a.id, name: a.name })) } : undefined;
    const accounts = summary?.accounts ?? [];
    const inferred = inferCompanyCurrency(accounts);
    const currency = this.#snapshot.companyCurrency;
    this.#set({
      filterOptions: {
        accounts: accounts.map((a) => ({ id: a.id, name: a.name })),
        categories: categoryTree(categories),
      },
      ...(currency === undefined ? {} : { companyCurrency: { ...currency, ...(inferred === undefined ? {} : { inferred }), choices: accountCurrencies(accounts) } }),
    });
    this.#refreshTables();
    await this.#showAmountsIn(currency?.chosen ?? inferred);
  }

  #refreshTables(): void {
    const connection = this.#snapshot.connection;
    if (connection.status !== 'connected') {
      if (this.#snapshot.tables.length > 0) this.#set({ tables: [] });
      return;
    }
    const entries = tableList({ kind: connection.profile.kind, companyIds: connection.companyIds, plans: this.#plans, pulled: this.#pulled });
    const job = this.#snapshot.job;
    const tables: TableRow[] = entries.map((entry) => {
      const pulled = this.#pulled.find((s) => s.tableName.toLowerCase() === entry.tableName.toLowerCase());
      const verdict = this.#verdicts.get(entry.id) ?? (pulled?.complete === undefined ? undefined : verdictOfState(pulled));
      const outcome = this.#outcomes.get(entry.id);
      const draft = this.#drafts.get(entry.id);
      const { period: _pulledPeriod, ...pulledEntry } = entry;
      const filter = draft ?? entry;
      return {
        ...pulledEntry,
        target: filter.target,
        ...(filter.period === undefined ? {} : { period: filter.period }),
        filterPending: draft !== undefined && (targetKey(this.resolvedTarget(draft)) !== targetKey(entry.target) || draft.period !== entry.period),
        ...(pulled === undefined ? {} : { pulled }),
        ...(verdict === undefined ? {} : { verdict }),
        ...(outcome === undefined ? {} : { outcome }),
        queued: this.#queue.includes(entry.id),
        running: job?.tableId === entry.id,
      };
    });
    this.#set({ tables });
  }

  #nowIso(): string {
    return new Date((this.#options.now ?? Date.now)()).toISOString();
  }
}

/** The puller's option for the company currency the user chose (none: the pull infers it from the accounts). */
function companyCurrencyOf(chosen: string | undefined): { companyCurrency?: string } {
  return chosen === undefined ? {} : { companyCurrency: chosen };
}

/** Cancel while counting or asking: the pull's own "cancelled" (`#run` reads the aborted signal), not "not loaded". */
function throwIfCancelled(signal: AbortSignal): void {
  if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('cancelled');
}

/** The verdict a table's pull state keeps (after a reload, before this session pulled it). */
function verdictOfState(state: PullState): Verdict {
  const reason = state.warnings?.join(' ');
  return { complete: state.complete === true, ...(reason ? { reason } : {}) };
}

/** Counts and their locales live in src/i18n, which the core shares (the table's stamp counts its rows too). */
export { formatCount, LOCALES };

/** Errors of the core carry a message in the user's language already. */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function detailOf(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' ? `${error.name} (HTTP ${status})` : error.name;
}
