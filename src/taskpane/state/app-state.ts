/**
 * The task pane's one state object: the views read a snapshot and call these actions; every rule lives in the
 * core (`src/sync`) or the host (`PaneHost`), reached only from here. The views' own states are modules beside it,
 * which it builds and passes actions on to: the Data view's loads (`pulls-state.ts`), the Changes view
 * (`changes-state.ts`), the functions (`figures-state.ts`), Share (`share-state.ts`); each publishes its part of
 * the one snapshot. No React here: the store is tested in Node on the Excel simulation and the sandbox.
 *
 *   const app = new AppState({ storage: localStorage, prefix: partitionKey, host, environment });
 *   app.subscribe(() => render(app.snapshot()));
 *   await app.start();
 */

import { isAbort } from '../../api/abort';
import type { CashflowClient, Plan } from '../../api';
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
  type ActiveConnection,
  type CheckConnection,
  type ConnectResult,
  type KeyValueStorage,
  type WorkbookMatch,
} from '../../sync/connect';
import { loadOverview } from '../../sync/overview';
import type { PullTarget } from '../../sync/pull';
import type { DateRange, RelativePeriod } from '../../sync/filters/relative-period';
import type { TableFilter } from '../../sync/filters/table-filter';
import { credentialKey, defaultTokenCache } from '../../api';
import type { KnownCredentials } from '../../sync/share';
import { categoryTree } from './category-tree';
import { isCurrencyCode } from '../../sync/amount-format';
import { accountCurrencies, inferCompanyCurrency } from '../../sync/company-currency';
import type { ClientOptions } from '../../api/client';
import type { PaneHost } from './pane-host';
import type { AppSnapshot, PaneEnvironment, ProfileForm, RefreshOnOpenView, SaveResult } from './app-snapshot';
import { languageFromDisplay, Preferences, type FunctionsCacheSeconds, type LanguageChoice, type LoadConfirmChoice } from './preferences';
import { ChangesState, pushableOf } from './changes-state';
import { EditWatch } from './edit-watch';
import { readOnlyNotice } from './read-only-notice';
import { FiguresState, type FiguresOptions } from './figures-state';
import { DemoWatch, type DemoWatchOptions } from './demo-watch';
import { ShareState } from './share-state';
import { PlanGridState } from './plan-grid-state';
import { PullsState } from './pulls-state';
import { OfflineAccountState } from './offline-account-state';
import { ImportState } from './import-state';
import { AnalysisState } from './analysis-state';
import { staleTables } from './stale-tables';
import type { OfflineAccountForm } from '../../sync/accounts';
export type { EmptyView, ShareCheckView, ShareView } from './share-state';
export type { ChangesTable, ChangesView, JournalSummary, OpenedJournalEntry, RefreshPrompt } from './changes-state';
import type { PushChoices, PushReference, Resolution, RowRef } from '../../sync/push';

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
  PullsView,
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
  /** The connect under way: a newer one (the demo meanwhile) or "Cancel" aborts it. */
  #connecting: AbortController | undefined;
  readonly #changes: ChangesState;
  readonly #figures: FiguresState;
  readonly #share: ShareState;
  readonly #pulls: PullsState;
  readonly #offlineAccount: OfflineAccountState;
  readonly #importing: ImportState;
  readonly #planGrid: PlanGridState;
  readonly #analysis: AnalysisState;
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
      busy: () => this.#pulls.running || this.#snapshot.changes.tables.some((c) => c.status !== 'idle'),
      language: () => this.#snapshot.language,
      pendingGridFigures: () => this.#planGrid.pendingFigures(),
      t: (key, params) => this.t(key, params),
      now: () => this.#nowIso(),
      publish: (share) => this.#set({ share }),
    });
    this.#offlineAccount = new OfflineAccountState({
      client: () => this.#connections.active()?.client,
      language: () => this.#snapshot.language,
      t: (key, params) => this.t(key, params),
      currency: () => this.#companyCurrency(),
      accountsLoaded: () => this.#snapshot.tables.some((r) => r.id === 'accounts' && r.pulled !== undefined),
      refreshAccounts: () => this.pull('accounts'),
      created: (account) => this.#accountCreated(account),
      publish: (offlineAccount) => this.#set({ offlineAccount }),
    });
    const cards = this.#dataCards(options);
    this.#importing = cards.importing;
    this.#planGrid = cards.planGrid;
    this.#analysis = cards.analysis;
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
      importing: this.#importing.view,
      planGrid: this.#planGrid.view,
      ...(this.#analysis.available ? { analysis: this.#analysis.view } : {}),
      filterSettings: { fiscalYearStartMonth: this.#preferences.fiscalYearStartMonth(), loadConfirm: this.#preferences.loadConfirm() },
    };
    this.#figures = new FiguresState(options.host, language, {
      cacheTtlMs: this.#snapshot.functions.cacheSeconds * 1000,
      ...options.figures,
    });
    this.#changes = new ChangesState({
      host: options.host,
      client: () => this.#connections.active()?.client,
      language: () => this.#snapshot.language,
      tables: () => this.#snapshot.tables,
      reference: () => this.#reference,
      t: (key, params) => this.t(key, params),
      publish: (changes) => this.#set({ changes }),
    });
    this.#pulls = new PullsState({
      host: options.host,
      active: () => this.#connections.active(),
      connection: () => this.#snapshot.connection,
      plans: () => this.#plans,
      settings: () => this.#snapshot.filterSettings,
      language: () => this.#snapshot.language,
      companyCurrency: (profileId) => this.#preferences.companyCurrency(profileId),
      changes: this.#changes,
      remember: (connection) => this.#rememberWorkbook(connection),
      loaded: () => void this.refreshFunctions(),
      t: (key, params) => this.t(key, params),
      ...(options.now ? { now: options.now } : {}),
      publish: (patch) => this.#set(patch),
    });
  }

  /** The Data view's cards beyond the tables: the bank-statement import, the plan grid, Analyse. */
  #dataCards(options: AppStateOptions): { importing: ImportState; planGrid: PlanGridState; analysis: AnalysisState } {
    const t = (key: MessageKey, params?: MessageParams): string => this.t(key, params);
    return {
      importing: new ImportState({
        sheet: options.host.importSheet,
        client: () => this.#companyClient(),
        language: () => this.#snapshot.language,
        t,
        activateTable: (name) => options.host.activateTable(name),
        publish: (importing) => this.#set({ importing }),
      }),
      planGrid: new PlanGridState({
        sheet: options.host.planSheet,
        baselines: options.host.baselines,
        journal: options.host.push?.journal,
        client: () => this.#companyClient(),
        plans: () => this.#plans,
        language: () => this.#snapshot.language,
        today: () => localDay(new Date((options.now ?? Date.now)())),
        t,
        publish: (planGrid) => this.#set({ planGrid }),
      }),
      analysis: new AnalysisState({
        port: options.host.analysis,
        client: () => this.#companyClient(),
        currency: () => this.#companyCurrency(),
        t,
        now: () => this.#nowIso(),
        publish: (analysis) => this.#set({ analysis }),
      }),
    };
  }

  /** The company currency the user chose, else the one the accounts suggest. */
  #companyCurrency(): string | undefined {
    return this.#snapshot.companyCurrency?.chosen ?? this.#snapshot.companyCurrency?.inferred;
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
    const [workbook, , demoAvailable] = await Promise.all([
      this.#connections.forWorkbook(host.workbookConnection).catch((): WorkbookMatch => ({ status: 'none' })),
      this.#pulls.readWorkbook(),
      this.#askForDemo(environment.sandboxUrl),
    ]);
    this.#set({ started: true, workbook, demoAvailable, profiles: this.#profiles.list() });
    const candidate =
      workbook.status === 'known' ? workbook.profile.id : workbook.status === 'none' ? this.#preferences.lastProfile() : undefined;
    const remembered =
      candidate !== undefined && this.#profiles.get(candidate) !== undefined && this.#profiles.secret(candidate) !== undefined;
    const refreshOnOpen = await this.#readRefreshOnOpen();
    if (remembered) await this.connect(candidate);
    if (refreshOnOpen && remembered && this.#snapshot.connection.status === 'connected') this.#openRefresh = this.#refreshOnOpen();
  }

  /** The workbook's "Refresh on open" opt-in, told to the view (false when the host has none or cannot read it). */
  async #readRefreshOnOpen(): Promise<boolean> {
    const setting = this.#options.host.refreshOnOpen;
    if (setting === undefined) return false;
    const on = await setting.read().catch(() => false);
    this.#set({ refreshOnOpen: { on, status: 'idle' } });
    return on;
  }

  #openRefresh: Promise<void> = Promise.resolve();

  /** Resolves when the refresh the pane started with (Refresh on open) is over (at once when there was none). */
  openRefreshSettled(): Promise<void> {
    return this.#openRefresh;
  }

  /**
   * Refresh on open: the pulled tables last pulled more than an hour ago (stale-tables.ts) refreshed in the
   * background through Refresh all's path (incremental where it applies); the view says it runs, and at the end
   * which tables failed and why, or that they are up to date. Then the plan grids the workbook holds are built again
   * (one with figures waiting to be sent is left as it is, and said so).
   */
  async #refreshOnOpen(): Promise<void> {
    const stale = staleTables(this.#snapshot.tables, this.#nowIso());
    const view = (patch: Omit<RefreshOnOpenView, 'on'>): void => this.#set({ refreshOnOpen: { on: true, ...patch } });
    const names = stale.map((row) => this.t(row.label, row.labelParams));
    if (stale.length > 0) view({ status: 'refreshing', message: this.t('pane.refreshOnOpen.refreshing', { tables: names.join(', ') }) });
    try {
      if (stale.length > 0) await this.#pulls.refreshSome(stale.map((row) => row.id));
    } catch (error) {
      view({ status: 'failed', message: this.t('pane.refreshOnOpen.failed', { reason: messageOf(error) }) });
      return;
    }
    const failed = this.#snapshot.tables.filter((row) => stale.some((s) => s.id === row.id) && row.outcome?.kind !== 'done');
    const reasons = failed.map(
      (row) => row.outcome?.message ?? this.t('pane.refreshOnOpen.notRefreshed', { table: this.t(row.label, row.labelParams) }),
    );
    // The plan grids after the tables: they read the service, not the tables, but a user reads them together.
    const grids = await this.#planGrid.refreshStored();
    reasons.push(...grids.problems);
    const done = [
      ...stale.filter((row) => !failed.some((f) => f.id === row.id)).map((row) => this.t(row.label, row.labelParams)),
      ...grids.refreshed,
    ];
    if (reasons.length > 0) view({ status: 'failed', message: this.t('pane.refreshOnOpen.failed', { reason: reasons.join(' ') }) });
    else if (done.length > 0) view({ status: 'done', message: this.t('pane.refreshOnOpen.done', { tables: done.join(', ') }) });
  }

  /** Turns this workbook's Refresh on open on or off (a document setting, saved with the file). */
  async setRefreshOnOpen(on: boolean): Promise<void> {
    const setting = this.#options.host.refreshOnOpen;
    if (setting === undefined) return;
    await setting.write(on);
    this.#set({ refreshOnOpen: { on, status: 'idle' } });
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
      {
        id: form.id ?? newProfileId(),
        name: form.name,
        baseUrl: form.baseUrl,
        clientId: form.clientId,
        kind: form.kind,
        remember: form.remember,
      },
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
    this.#set({
      connection: { status: 'connecting', profileId },
      overview: { status: 'idle' },
      ...this.#pulls.forgetTables(),
      filterOptions: undefined,
      companyCurrency: undefined,
    });
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
        connection: {
          status: 'failed',
          profileId,
          problem: result.problem,
          message: result.message,
          ...(result.detail === undefined ? {} : { detail: result.detail }),
        },
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
    this.#set({
      connection: { status: 'signedOut' },
      overview: { status: 'idle' },
      ...this.#pulls.forgetTables(),
      filterOptions: undefined,
      companyCurrency: undefined,
      profiles: this.#profiles.list(),
    });
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
    void this.#recalculating(this.#figures.setLanguage(language, this.#connections.active()?.client));
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
    this.#pulls.refreshTables();
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

  // ---- data (state: pulls-state.ts) ----------------------------------------------------------------------

  /** Changes the filters a table's next pull uses (a full pull: the rows differ); the card says they wait. */
  setTarget(tableId: string, target: PullTarget, period?: RelativePeriod): void {
    this.#pulls.setTarget(tableId, target, period);
  }

  /** "Apply and load": the table's filter becomes this one, and its rows are loaded with it (asking first when many). */
  applyFilter(tableId: string, filter: TableFilter): Promise<void> {
    return this.#pulls.applyFilter(tableId, filter);
  }

  /** The dates a period covers today (on the pane's clock, with the fiscal year of Settings): the form shows them. */
  periodDates(period: RelativePeriod): DateRange {
    return this.#pulls.periodDates(period);
  }

  /** The target a pull of the row runs today: its period resolved on the clock's day with the fiscal year of Settings. */
  resolvedTarget(row: TableFilter): PullTarget {
    return this.#pulls.resolvedTarget(row);
  }

  /** The answer to the load confirmation: load the counted rows, or not (the table stays as it is). */
  answerLoad(load: boolean): void {
    this.#pulls.answerLoad(load);
  }

  /**
   * Pulls one table (refresh when it was pulled before with the same filters), or queues it behind the running one.
   * A table with pending changes is not refreshed before the user said what becomes of them (`answerRefresh`).
   */
  pull(tableId: string, mode: 'auto' | 'full' = 'auto'): Promise<void> {
    return this.#pulls.pull(tableId, mode);
  }

  /** Keep the pending changes on top, discard them, or cancel the refresh (`refreshPrompt`). */
  answerRefresh(answer: 'keep' | 'discard' | 'cancel'): Promise<void> {
    return this.#pulls.answerRefresh(answer);
  }

  /** Pulls every table the workbook holds (or, in a new workbook, none): one after the other. */
  refreshAll(): Promise<void> {
    return this.#pulls.refreshAll();
  }

  /** Stops the running pull (the table stays as it was) and empties the queue. */
  cancel(): void {
    this.#pulls.cancel();
  }

  /** Shows the sheet of a table the workbook holds. */
  activate(tableId: string): Promise<void> {
    return this.#pulls.activate(tableId);
  }

  /** After a load: the workbook notes which profile built it (name and base URL, never the secret), and names it. */
  async #rememberWorkbook(active: ActiveConnection): Promise<void> {
    const remembered = await this.#connections.rememberIn(this.#options.host.workbookConnection).then(
      () => true,
      () => false,
    );
    if (remembered && this.#connections.active() === active) this.#set({ workbook: { status: 'known', profile: active.profile } });
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
   * an edited cell is marked changed at once, and says when an edit typed over cells the service never takes back
   * (`readOnlyEdit`); returns the stop. The pane calls it once it is shown.
   */
  watchEdits(): () => Promise<void> {
    const watchUserEdits = this.#options.host.watchUserEdits;
    if (watchUserEdits === undefined) return async () => undefined;
    const watch = new EditWatch({
      listen: (onEdit) =>
        watchUserEdits((edit) => {
          const notice = readOnlyNotice(this.#snapshot.tables, edit);
          if (notice !== undefined) this.#set({ readOnlyEdit: notice });
          onEdit(edit);
        }),
      tracks: (name) =>
        this.#snapshot.tables.some(
          (r) => r.pulled !== undefined && pushableOf(r.target) !== undefined && r.tableName.toLowerCase() === name.toLowerCase(),
        ),
      busy: () => this.#pulls.running || this.#snapshot.changes.tables.some((c) => c.status !== 'idle'),
      review: (tables) => this.#changes.review(tables),
      ...(this.#options.editCheckDelayMs === undefined ? {} : { delayMs: this.#options.editCheckDelayMs }),
    });
    return () => watch.stop();
  }

  /** The user read the notice about cells the service never takes back. */
  dismissReadOnlyEdit(): void {
    this.#set({ readOnlyEdit: undefined });
  }

  /** Pushes a table's pending changes with what the user confirmed (deletes, whole-row writes, Replace of rows). */
  pushChanges(tableId: string, confirmed: Omit<PushChoices, 'resolutions'> = {}): Promise<void> {
    return this.#thenRefreshFunctions(this.#changes.pushTable(tableId, confirmed));
  }

  /**
   * Adopt: budgets without an external ID the service can address (these ids, or all the table's) get their suggested
   * one in the sheet and are sent at once as whole rows, which the user confirmed; later changes go by that ID.
   */
  adoptBudgets(tableId: string, ids?: ReadonlySet<number>): Promise<void> {
    return this.#thenRefreshFunctions(this.#changes.adopt(tableId, ids));
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
    await this.#pulls.workbookEmptied();
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
      const accessTokens =
        secret === undefined ? [] : [...new Set(baseUrls.flatMap((url) => cache.tokensFor(credentialKey(url, profile.clientId, secret))))];
      return {
        profileName: profile.name,
        clientId: profile.clientId,
        ...(secret === undefined ? {} : { clientSecret: secret }),
        accessTokens,
      };
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

  // ---- the bank-statement import ---------------------------------------------------------------------------

  /** Whether the workbook holds the Import table (the card offers to add or to send it). */
  refreshImport(): Promise<void> {
    return this.#importing.refresh();
  }

  /** "Import a bank statement…": the Import table added (or shown). */
  addImportTable(): Promise<void> {
    return this.#importing.add();
  }

  /** "Send the Import table" (transactions created: the CASHFLOW figures are read again). */
  sendImport(): Promise<void> {
    return this.#thenRefreshFunctions(this.#importing.send());
  }

  cancelImport(): void {
    this.#importing.cancel();
  }

  // ---- the plan grid -------------------------------------------------------------------------------------

  /** The plans the Plan grid card offers (the forecast, each scenario). */
  planGridChoices(): { value: string; label: string }[] {
    return this.#planGrid.choices();
  }

  choosePlanGrid(patch: Parameters<PlanGridState['choose']>[0]): void {
    this.#planGrid.choose(patch);
  }

  buildPlanGrid(): Promise<void> {
    return this.#planGrid.build();
  }

  /** The grid's figures sent (budgets written: the CASHFLOW figures are read again). */
  sendPlanGrid(): Promise<void> {
    return this.#thenRefreshFunctions(this.#planGrid.send());
  }

  undoPlanGrid(): Promise<void> {
    return this.#thenRefreshFunctions(this.#planGrid.undo());
  }

  /** "Copy last year's actuals" into the selected category's plan months (nothing sent). */
  copyLastYearToPlan(): Promise<void> {
    return this.#planGrid.copyLastYear();
  }

  /** "Spread a yearly figure" over twelve months from the selected cell (nothing sent). */
  spreadYearlyFigure(text: string, pattern: 'even' | 'lastYear'): Promise<void> {
    return this.#planGrid.spreadYear(text, pattern);
  }

  /** The active client when it holds a company's credentials (imports go to that company's offline accounts). */
  #companyClient(): CashflowClient | undefined {
    const active = this.#connections.active();
    const connection = this.#snapshot.connection;
    return connection.status === 'connected' && connection.profile.kind === 'company' ? active?.client : undefined;
  }

  /**
   * The filters' account list and the push's reference know the new account; the overview's balances and the
   * CASHFLOW figures (its balance counts in BALANCE) are read again.
   */
  #accountCreated(account: { id: number; name: string }): void {
    const entry = { id: account.id, name: account.name };
    const options = this.#snapshot.filterOptions;
    if (options !== undefined) this.#set({ filterOptions: { ...options, accounts: [...options.accounts, entry] } });
    if (this.#reference !== undefined) this.#reference = { ...this.#reference, accounts: [...this.#reference.accounts, entry] };
    void this.loadOverview();
    void this.refreshFunctions();
  }

  // ---- the CASHFLOW functions ------------------------------------------------------------------------------

  /** How long the functions keep a figure (kept on this computer). */
  setFunctionsCache(seconds: FunctionsCacheSeconds): void {
    this.#preferences.setFunctionsCacheSeconds(seconds);
    this.#figures.setCacheTtl(seconds * 1000);
    this.#set({ functions: { ...this.#snapshot.functions, cacheSeconds: seconds } });
  }

  /** "Refresh functions": every CASHFLOW figure is read from the service again (the cache is emptied). */
  /** "Analyse": the Analysis sheet built (or its PivotTable refreshed) from the pulled Transactions and the balance summary. */
  analyse(): Promise<void> {
    return this.#analysis.analyse();
  }

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

  async #loadCatalog(): Promise<void> {
    const active = this.#connections.active();
    if (active === undefined) return;
    const group = active.profile.kind === 'group';
    this.#plans = [];
    this.#reference = undefined;
    this.#pulls.refreshTables();
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
    this.#reference =
      plans.length > 0 && categories.length > 0 && summary !== undefined
        ? { plans, categories, accounts: summary.accounts.map((a) => ({ id: a.id, name: a.name })) }
        : undefined;
    const accounts = summary?.accounts ?? [];
    const inferred = inferCompanyCurrency(accounts);
    const currency = this.#snapshot.companyCurrency;
    this.#set({
      filterOptions: {
        accounts: accounts.map((a) => ({ id: a.id, name: a.name })),
        categories: categoryTree(categories),
      },
      ...(currency === undefined
        ? {}
        : { companyCurrency: { ...currency, ...(inferred === undefined ? {} : { inferred }), choices: accountCurrencies(accounts) } }),
    });
    this.#pulls.refreshTables();
    await this.#showAmountsIn(currency?.chosen ?? inferred);
  }

  #nowIso(): string {
    return new Date((this.#options.now ?? Date.now)()).toISOString();
  }
}

/** Counts and their locales live in src/i18n, which the core shares (the table's stamp counts its rows too). */
export { formatCount, LOCALES };

/** Errors of the core carry a message in the user's language already. */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The user's calendar day, `YYYY-MM-DD` (the grid's current month and today's balance are the user's). */
function localDay(date: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
