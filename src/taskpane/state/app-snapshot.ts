/**
 * What the task pane shows, as one immutable snapshot (`AppState.snapshot()`): the views render it, and a part that
 * did not change keeps its reference, so a view subscribed to it is not repainted.
 */

import type { CellComposition } from '../../sync/plan-grid';
import type { Language, MessageKey } from '../../i18n/catalog';
import type { ConnectionProfile, ConnectProblem, ProfileKind, ProfileProblem, WorkbookMatch } from '../../sync/connect';
import type { Overview } from '../../sync/overview';
import type { PullProgress, PullState } from '../../sync/pull';
import type { CategoryChoice } from './category-tree';
import type { FunctionsCacheSeconds, LanguageChoice, LoadConfirmChoice } from './preferences';
import type { TableEntry } from './table-list';
import type { AddinExtra, ShareReport } from '../../sync/share';
import type { OfflineAccountField, OfflineAccountForm } from '../../sync/accounts';
import type { AdoptRefusal, JournalRowView, PendingChanges, PushProgress, PushResult, UndoResult } from '../../sync/push';
import type { PushableRecords } from '../../sync/pushable';

export type Theme = 'light' | 'dark';

/** What the pane learns from Office (or the preview) at start-up. */
export interface PaneEnvironment {
  theme: Theme;
  /** `Office.context.displayLanguage`, e.g. `de-DE`. */
  displayLanguage?: string;
  /** Where a sandbox may answer (offered as the demo profile). */
  sandboxUrl?: string;
}

export type ConnectionView =
  | { status: 'signedOut' }
  | { status: 'connecting'; profileId: string }
  | { status: 'connected'; profile: ConnectionProfile; companyIds: number[] }
  | { status: 'failed'; profileId: string; problem: ConnectProblem; message: string; detail?: string };

export interface PullOutcome {
  kind: 'done' | 'failed' | 'cancelled';
  /** In the user's language: what happened to the data. */
  message: string;
  /** For support: the technical reason (never a secret). */
  detail?: string;
  at: string;
}

export interface Verdict {
  complete: boolean;
  /** Why not (or the fallback that happened), in the user's language. */
  reason?: string;
}

export interface TableRow extends TableEntry {
  /**
   * The filter (`target`, `period`) was changed and not loaded yet (the load was cancelled, failed or not confirmed):
   * the rows in the table are still those of `pulled`.
   */
  filterPending: boolean;
  /** What the workbook says about the table (absent: never pulled here). */
  pulled?: PullState;
  verdict?: Verdict;
  outcome?: PullOutcome;
  /** Waiting in the queue of "Refresh all". */
  queued: boolean;
  running: boolean;
}

export interface Job {
  tableId: string;
  tableName: string;
  /** The card's name, the one every message of the pull uses. */
  label: string;
  progress?: PullProgress;
  /** The rows the load brings, counted before it started (one `page_size=1` read). */
  expectedRows?: number;
  cancelling: boolean;
}

export interface FilterOptions {
  accounts: Array<{ id: number; name: string }>;
  /** In tree order, each with its path (parents › children). */
  categories: CategoryChoice[];
}

/** The user typed over cells the service never takes back: which table, those columns, and the ones that go back. */
export interface ReadOnlyNotice {
  tableId: string;
  label: MessageKey;
  labelParams?: Record<string, string>;
  /** The read-only columns the edit reached, as the table names them. */
  columns: string[];
  /** The table's columns that do go back to the service (none: a read-only table). */
  editable: string[];
}

/** A load waits for the user: the rows it would bring are above the threshold set in Settings. */
export interface LoadPrompt {
  tableId: string;
  tableName: string;
  rows: number;
  /** About how long the load takes. */
  seconds: number;
}

/**
 * The company's currency of the connected profile (Settings): the one chosen (kept per profile on this computer), the
 * one its accounts suggest (the currency most of them have), and the accounts' currencies to choose from.
 */
export interface CompanyCurrencyView {
  profileId: string;
  chosen?: string;
  inferred?: string;
  choices: string[];
}

/** What the filters need from Settings. */
export interface FilterSettings {
  fiscalYearStartMonth: number;
  loadConfirm: LoadConfirmChoice;
}

export type OverviewView =
  { status: 'idle' } | { status: 'loading' } | { status: 'ready'; data: Overview; at: string } | { status: 'failed'; message: string };

export interface AppSnapshot {
  started: boolean;
  language: Language;
  languageChoice: LanguageChoice;
  theme: Theme;
  demoAvailable: boolean;
  profiles: ConnectionProfile[];
  connection: ConnectionView;
  workbook: WorkbookMatch;
  overview: OverviewView;
  tables: TableRow[];
  job?: Job;
  filterOptions?: FilterOptions;
  filterSettings: FilterSettings;
  /** While connected: the company's currency the amounts show. */
  companyCurrency?: CompanyCurrencyView;
  loadPrompt?: LoadPrompt;
  /** The Changes view: pending changes, push results, journal per pushable table. */
  changes: ChangesView;
  /** A refresh waits: the tables have pending changes (keep them on top, discard them, or cancel). */
  refreshPrompt?: RefreshPrompt;
  /** The CASHFLOW functions: recalculating now, and when they last were. */
  functions: FunctionsView;
  /** The Share section: auto-open, the check before sharing, emptying the data tables. */
  share: ShareView;
  /** "New offline account…": the dialog's form state and what the service did. */
  offlineAccount: OfflineAccountView;
  /** The Data view's Import card: the Import table, a send under way, what the last one did. */
  importing: ImportView;
  planGrid: PlanGridView;
  /** "Refresh on open" of this workbook (absent: the host has no such setting). */
  refreshOnOpen?: RefreshOnOpenView;
  /** The Data view's "Analyse": the Analysis sheet being built, built, or why not (absent: the host has none). */
  analysis?: AnalysisView;
  /** The user typed over cells the service never takes back (a transaction's amount, a read-only table): said once, until dismissed. */
  readOnlyEdit?: ReadOnlyNotice;
}

/** The Plan grid card (plan-grid-state.ts). */
export interface PlanGridView {
  /** The host has a Plan sheet, baselines and a journal (Excel, the preview). */
  available: boolean;
  status: 'idle' | 'building' | 'sending' | 'undoing' | 'filling';
  /** `forecast` or `scenario:<id>`. */
  plan: string;
  /** The first month, `YYYY-MM`. */
  from: string;
  months: number;
  /** The day of the month new figures are settled on. */
  day: number | 'last';
  message?: AccountMessage | undefined;
  /** What makes up the grid cell the user selected (a category's month), from the grid as built. */
  composition?: CellComposition | undefined;
}

/** The Import card (import-state.ts). */
export interface ImportView {
  /** The workbook holds the Import table. */
  tableExists: boolean;
  status: 'idle' | 'adding' | 'sending';
  /** While sending: rows settled of those to send. */
  progress?: { done: number; total: number } | undefined;
  message?: AccountMessage | undefined;
}

/** What the account dialog says: the outcome or the failure, with notes (the service's own words, what follows). */
export interface AccountMessage {
  intent: 'success' | 'info' | 'warning' | 'error';
  text: string;
  notes: string[];
}

/** The "New offline account" dialog (offline-account-state.ts). */
export interface OfflineAccountView {
  open: boolean;
  /** `creating`: the request is under way (the form is read-only); `done`: the service answered with an account. */
  status: 'editing' | 'creating' | 'done';
  /** What the form starts with (the company's currency filled in). */
  initial: OfflineAccountForm;
  /** A problem per field, in the user's language: the form's checks, or the service's 400. */
  problems: Partial<Record<OfflineAccountField, string>>;
  message?: AccountMessage | undefined;
  /** After an account came back: the workbook has no Accounts table yet, the dialog offers to load it. */
  offerLoad: boolean;
  /** The account made (`created`) or found (`existing`: same IBAN and currency). */
  account?: { id: number; kind: 'created' | 'existing'; label: string };
}

/** The Data view's part of the snapshot (state: pulls-state.ts): the tables, the load running, what waits for the user. */
export type PullsView = Pick<AppSnapshot, 'tables' | 'job' | 'loadPrompt' | 'refreshPrompt'>;

export interface RefreshOnOpenView {
  on: boolean;
  /** refreshing: the stale tables are being refreshed after the pane started; failed: at least one was not. */
  status: 'idle' | 'refreshing' | 'done' | 'failed';
  /** What happened, in the user's language (failed: which table and why). */
  message?: string;
}

export interface AnalysisView {
  status: 'idle' | 'working' | 'done' | 'failed';
  /** What happened, in the user's language (done: built or refreshed, with counts; failed: why). */
  message?: string;
  /** ISO time it was last built. */
  at?: string;
}

export interface FunctionsView {
  status: 'idle' | 'refreshing';
  /** How long a figure is kept (Settings). */
  cacheSeconds: FunctionsCacheSeconds;
  /** ISO time of the last recalculation this pane asked for. */
  at?: string;
}

export interface ProfileForm {
  /** Absent: a new profile. */
  id?: string;
  name: string;
  baseUrl: string;
  clientId: string;
  secret: string;
  kind: ProfileKind;
  remember: boolean;
}

export type SaveResult = { ok: true } | { ok: false; problems: ProfileProblem[] };

// ---- the Changes view (state: changes-state.ts) ----

export interface JournalSummary {
  id: string;
  at: string;
  landed: number;
  /** Rows the service refused or that were never sent. */
  notLanded: number;
  /** Rows the service did not confirm (they may be there). */
  unconfirmed: number;
  undone: boolean;
  /** An undo of another push. */
  undo: boolean;
}

/** A journal entry opened to list the rows its send touched (shown in blocks; one open entry per table). */
export interface OpenedJournalEntry {
  entryId: string;
  /** `missing`: the journal no longer holds the entry (dropped as old, or the workbook changed). */
  status: 'loading' | 'ready' | 'missing';
  /** The rows shown so far, in the order of the send. */
  rows: JournalRowView[];
  /** Rows the entry holds in all. */
  total: number;
  /** Keys of rows "Show in sheet" did not find (no longer in the table). */
  notFound: string[];
}

/** A budget Adopt is offered for: pending, without an external ID the service can address; the ID it would get. */
export interface AdoptableRow {
  id: number;
  name: string;
  externalId: string;
}

/** What the last Adopt did before its send: budgets given their ID, and those it left alone with the reason. */
export interface AdoptionOutcome {
  adopted: number;
  /** `nothingPending`: the row asked for has nothing waiting any more (discarded, typed back). */
  refused: Array<{ id: number; name: string; reason: AdoptRefusal | 'nothingPending' }>;
}

export interface ChangesTable {
  tableId: string;
  tableName: string;
  /** What the pane calls the table (`pane.table.*` key, with a scenario's name), as the Data view shows it. */
  label: TableRow['label'];
  labelParams?: Record<string, string>;
  /** What the table's rows are (budgets, invoices): the dialogs name them and say what undo can take back. */
  records: PushableRecords;
  status: 'idle' | 'reviewing' | 'pushing' | 'undoing';
  pending?: PendingChanges;
  result?: PushResult;
  undo?: UndoResult;
  /** Why the table cannot be pushed (committed plan, no baseline), in the user's language. */
  refused?: string;
  error?: string;
  progress?: PushProgress;
  journal: JournalSummary[];
  opened?: OpenedJournalEntry;
  /** The journal holds a send of this table that "Undo last send" can take back. */
  canUndo: boolean;
  /** Budgets Adopt is offered for (tables whose rows have external IDs only); absent when none. */
  adoptable?: AdoptableRow[];
  /** The last Adopt's rows, while its send is the last one. */
  adoption?: AdoptionOutcome;
}

export interface ChangesView {
  tables: ChangesTable[];
}

/** A refresh of tables with pending changes waits for the user's answer. */
export interface RefreshPrompt {
  tableIds: string[];
  counts: { changed: number; new: number; deleted: number };
}

// ---- the Share section (state: share-state.ts) ----

export type ShareCheckView =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'ready'; report: ShareReport; at: string }
  | { status: 'failed'; message: string };

export type EmptyView =
  | { status: 'idle' }
  /** The dialog asks; `report` says what goes. */
  | { status: 'confirming'; report: ShareReport }
  | { status: 'emptying' }
  /**
   * `grids`: the sheets of the planning grids given back (the Plan sheet shows the template's page again); `extras`:
   * the Import table and the Analysis sheet, those removed.
   */
  | { status: 'done'; tables: number; rows: number; grids: string[]; extras: AddinExtra['kind'][] }
  /** Changes wait to be sent (rows), figures typed into a planning grid do, or a load or send is running (both 0). */
  | { status: 'refused'; pendingRows: number; pendingFigures?: number }
  | { status: 'failed'; message: string };

export interface ShareView {
  /** False: this host offers no share port (no Share section). */
  available: boolean;
  /** The document setting as last read (undefined: not read yet). */
  autoOpen?: boolean;
  autoOpenSaving: boolean;
  autoOpenError?: string;
  check: ShareCheckView;
  empty: EmptyView;
}
