/**
 * "New offline account…" (the Accounts card's menu): the form's state, its checks and what the service did. Every
 * rule is in the core (`src/sync/accounts`: the form's schema, the create and how "exists already" is told apart);
 * this module calls it with the active client and keeps what the dialog shows. After an account is made, the
 * Accounts table is refreshed when the workbook holds it, otherwise the dialog offers to load it.
 */

import type { Account, CashflowClient } from '../../api';
import type { Language, MessageKey } from '../../i18n/catalog';
import type { MessageParams } from '../../i18n/translate';
import {
  createOfflineAccount,
  emptyOfflineAccountForm,
  parseOfflineAccountForm,
  printIban,
  type FieldProblem,
  type OfflineAccountForm,
  type OfflineAccountOutcome,
} from '../../sync/accounts';
import type { OfflineAccountView } from './app-snapshot';

export type { AccountMessage, OfflineAccountView } from './app-snapshot';

export interface OfflineAccountDeps {
  client(): CashflowClient | undefined;
  language(): Language;
  t(key: MessageKey, params?: MessageParams): string;
  /** The company's currency, filled into a new form (undefined: none known). */
  currency(): string | undefined;
  /** The workbook holds the Accounts table: it is refreshed after a create (otherwise the dialog offers to load it). */
  accountsLoaded(): boolean;
  refreshAccounts(): Promise<void>;
  /** A new account: the pane's account lists (filters, the push's reference) and the overview learn of it. */
  created(account: Account): void;
  publish(view: OfflineAccountView): void;
}

export const CLOSED: OfflineAccountView = {
  open: false,
  status: 'editing',
  initial: emptyOfflineAccountForm(),
  problems: {},
  offerLoad: false,
};

export class OfflineAccountState {
  readonly #deps: OfflineAccountDeps;
  #view: OfflineAccountView = CLOSED;

  constructor(deps: OfflineAccountDeps) {
    this.#deps = deps;
  }

  get view(): OfflineAccountView {
    return this.#view;
  }

  #set(view: OfflineAccountView): void {
    this.#view = view;
    this.#deps.publish(view);
  }

  /** Opens an empty form (the company's currency filled in). */
  open(): void {
    this.#set({ ...CLOSED, open: true, initial: emptyOfflineAccountForm(this.#deps.currency() ?? '') });
  }

  /** Closes the dialog; a create under way still finishes (a POST is not taken back), its outcome is not shown. */
  close(): void {
    this.#set(CLOSED);
  }

  /**
   * Checks the form; when it holds, creates the account and says what the service did. A new account goes into the
   * pane's lists, and the Accounts table in the workbook is refreshed (the promise settles after that refresh).
   */
  async create(form: OfflineAccountForm): Promise<void> {
    if (!this.#view.open || this.#view.status === 'creating') return;
    const { t } = this.#deps;
    const client = this.#deps.client();
    const editing = { ...this.#view, status: 'editing' as const, offerLoad: false };
    if (client === undefined)
      return this.#set({ ...editing, problems: {}, message: { intent: 'error', text: t('account.outcome.notConnected'), notes: [] } });
    const parsed = parseOfflineAccountForm(form, this.#deps.language());
    if (!parsed.ok) return this.#set({ ...editing, problems: problemsOf(parsed.problems), message: undefined });
    this.#set({ ...editing, status: 'creating', problems: {}, message: undefined });
    let outcome: OfflineAccountOutcome;
    try {
      outcome = await createOfflineAccount({ client, input: parsed.input });
    } catch (error) {
      return this.#settle({
        ...editing,
        problems: {},
        message: { intent: 'error', text: t('account.outcome.failed', { reason: messageOf(error) }), notes: [] },
      });
    }
    this.#settle(this.#viewOf(outcome, editing));
    if (outcome.kind !== 'created') return;
    this.#deps.created(outcome.account);
    if (this.#deps.accountsLoaded()) await this.#deps.refreshAccounts().catch(() => undefined);
  }

  /** The outcome shown, unless the dialog was closed meanwhile. */
  #settle(view: OfflineAccountView): void {
    if (this.#view.open) this.#set(view);
  }

  #viewOf(outcome: OfflineAccountOutcome, editing: OfflineAccountView): OfflineAccountView {
    const { t } = this.#deps;
    switch (outcome.kind) {
      case 'invalid':
        return {
          ...editing,
          problems: problemsOf(outcome.problems),
          message: { intent: 'error', text: t('account.outcome.invalid'), notes: outcome.general },
        };
      case 'refused': {
        const text = t(outcome.edition ? 'account.outcome.edition' : 'account.outcome.limit');
        return {
          ...editing,
          problems: {},
          message: { intent: 'error', text, notes: outcome.detail === undefined ? [] : [outcome.detail] },
        };
      }
      default:
        return this.#landed(outcome.kind, outcome.account, outcome.ibanKept, editing);
    }
  }

  /** Created or found: the dialog says which, and that the table is refreshed (a new account) or offers to load it. */
  #landed(kind: 'created' | 'existing', account: Account, ibanKept: boolean, editing: OfflineAccountView): OfflineAccountView {
    const { t } = this.#deps;
    const label = accountLabel(account);
    const notes = ibanKept ? [] : [t('account.outcome.ibanNotKept')];
    const loaded = this.#deps.accountsLoaded();
    if (kind === 'created' && loaded) notes.push(t('account.outcome.refreshing'));
    const text = t(kind === 'created' ? 'account.outcome.created' : 'account.outcome.existing', { account: label });
    return {
      ...editing,
      status: 'done',
      problems: {},
      message: { intent: kind === 'created' ? 'success' : 'info', text, notes },
      offerLoad: !loaded,
      account: { id: account.id, kind, label },
    };
  }

  /** "Load the Accounts table", offered after a create when the workbook does not hold it yet. */
  async loadAccounts(): Promise<void> {
    if (this.#view.open) this.#set({ ...this.#view, offerLoad: false });
    await this.#deps.refreshAccounts();
  }
}

/** "Cash box (DE89 3704 0044 0532 0130 00, EUR)": the account's name (else its alias, else its id), IBAN and currency. */
export function accountLabel(account: Pick<Account, 'id' | 'name' | 'alias' | 'iban' | 'currency'>): string {
  const name = account.name.trim() || account.alias.trim() || `#${account.id}`;
  const details = [account.iban === '' ? undefined : printIban(account.iban), account.currency].filter((d) => d !== undefined && d !== '');
  return details.length === 0 ? name : `${name} (${details.join(', ')})`;
}

function problemsOf(problems: readonly FieldProblem[]): OfflineAccountView['problems'] {
  return Object.fromEntries(problems.map((p) => [p.field, p.message]));
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
