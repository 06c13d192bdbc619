/**
 * Fault injection: non-JSON 500s, 429s with Retry-After, slow answers, dropped connections, and
 * concurrent edits by "another user" between page requests of a transaction pull. Each fault draws from
 * one random source (injectable; seeded by default, `seed` choosing the sequence), so a fixed source gives a
 * fixed sequence. A request meets at most one of the answering faults (dropped, 500, 429): one draw decides
 * among them, so their rates are shares of all requests (`error500Rate: 0.1, rate429: 0.1` answers one request
 * in ten with a 500 and one in ten with a 429).
 * Faults never apply to the token endpoint or to CORS preflights: the client's token handling is tested
 * with the auth rules, and a failing preflight would only show as a browser network error. The one exception is
 * `tokenRedirect` (token-redirect.ts), which exists for the token endpoint alone.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { addDays } from './calendar';
import { t, type Language } from './messages';
import type { Transaction } from './model';
import type { PageFaultOptions } from './page-faults';
import { mulberry32 } from './prng';
import { reportingCents, type Store } from './store';
import type { TokenRedirect } from './token-redirect';

/** Retry-After of injected 429s when `retryAfterSeconds` is not set. */
export const DEFAULT_RETRY_AFTER_SECONDS = 1;
/** Delay of slow answers when `slowMs` is not set. */
export const DEFAULT_SLOW_MS = 2000;

export interface FaultOptions {
  error500Rate?: number;
  rate429?: number;
  /** Default DEFAULT_RETRY_AFTER_SECONDS. */
  retryAfterSeconds?: number;
  slowRate?: number;
  /** Default DEFAULT_SLOW_MS. */
  slowMs?: number;
  dropRate?: number;
  concurrentEditRate?: number;
  /**
   * Share of budget list requests by `ids` (what a client reads just before writing those budgets) preceded by
   * another user's edit of one of them: its amount and description change.
   */
  concurrentBudgetEditRate?: number;
  /** Seeds the faults' own random source (mulberry32), independent of the data seed. */
  seed?: number;
  /** The random source itself (tests); wins over `seed`. */
  random?: () => number;
  // Page faults (issue #25 items 10 and 12): no draw, every matching list page; page-faults.ts answers them.
  /** From page `fromPage` (default 2) of the list at `path` on: 200, no records, a `next` link, never an end. */
  endlessEmptyPages?: PageFaultOptions['endlessEmptyPages'];
  /** From page `page` (default 2) of the list at `path` on: that page's records again, a `next` link, never an end. */
  repeatedPage?: PageFaultOptions['repeatedPage'];
  /** Page `page` (default 1) of the list at `path` gives its second record the id of its first. */
  duplicateId?: PageFaultOptions['duplicateId'];
  // The token redirect (issue #25 item 1): the one fault of the token endpoint, see token-redirect.ts.
  /** Every request to the token endpoint is answered with this redirect instead of a token. */
  tokenRedirect?: TokenRedirect;
}

export type FaultOutcome = 'continue' | 'answered' | 'dropped';

/** The fault that answers a request in place of the service, if any. */
export type AnsweringFault = 'drop' | '500' | '429' | undefined;

export class FaultInjector {
  private options: FaultOptions;
  private random: () => number;

  constructor(
    options: FaultOptions | undefined,
    private readonly fallbackRandom: () => number,
  ) {
    this.options = { ...options };
    this.random = this.sourceOf(this.options);
  }

  /** New fault options; a `seed` among them restarts the sequence. */
  set(options: FaultOptions | undefined): void {
    this.options = { ...options };
    this.random = this.sourceOf(this.options);
  }

  /** The page faults set now, for page-faults.ts (`withPageFaults`). */
  pageFaults(): PageFaultOptions {
    const { endlessEmptyPages, repeatedPage, duplicateId } = this.options;
    return {
      ...(endlessEmptyPages ? { endlessEmptyPages } : {}),
      ...(repeatedPage ? { repeatedPage } : {}),
      ...(duplicateId ? { duplicateId } : {}),
    };
  }

  /** The redirect the token endpoint answers with, if set (token-redirect.ts). */
  get tokenRedirect(): TokenRedirect | undefined {
    return this.options.tokenRedirect;
  }

  private sourceOf(options: FaultOptions): () => number {
    if (options.random !== undefined) return options.random;
    return options.seed === undefined ? this.fallbackRandom : mulberry32(options.seed >>> 0);
  }

  private roll(rate: number | undefined): boolean {
    if (!rate || rate <= 0) return false;
    return this.random() < rate;
  }

  /**
   * Which answering fault meets the next request: one draw against the rates laid end to end (drop, 500, 429), so
   * each rate is its share of all requests. No draw when none is set.
   */
  nextAnsweringFault(): AnsweringFault {
    const o = this.options;
    const drop = Math.max(0, o.dropRate ?? 0);
    const error500 = Math.max(0, o.error500Rate ?? 0);
    const rate429 = Math.max(0, o.rate429 ?? 0);
    if (drop + error500 + rate429 <= 0) return undefined;
    const draw = this.random();
    if (draw < drop) return 'drop';
    if (draw < drop + error500) return '500';
    if (draw < drop + error500 + rate429) return '429';
    return undefined;
  }

  /** Decides the fault for one request; answers it (or drops the connection) when one hits. */
  async apply(request: FastifyRequest, reply: FastifyReply, lang: Language): Promise<FaultOutcome> {
    const o = this.options;
    const fault = this.nextAnsweringFault();
    if (fault === 'drop') {
      reply.hijack();
      request.raw.socket.destroy();
      return 'dropped';
    }
    if (fault === '500') {
      reply.code(500).type('text/html; charset=utf-8').send('<h1>Server Error (500)</h1>');
      return 'answered';
    }
    if (fault === '429') {
      const wait = o.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS;
      reply
        .code(429)
        .header('Retry-After', String(wait))
        .send({ detail: t(lang, 'throttled', { wait }) });
      return 'answered';
    }
    if (this.roll(o.slowRate)) await new Promise((resolve) => setTimeout(resolve, o.slowMs ?? DEFAULT_SLOW_MS));
    return 'continue';
  }

  /**
   * During a pull (a transaction list request for page 2 or later): maybe let another user recategorize
   * three transactions and import one, which moves `date_updated` and shifts later pages.
   */
  /** Another user edits one of these budgets (ids the request asks for) before the answer: the id, or undefined. */
  concurrentBudgetEdit(store: Store, planIds: readonly number[], ids: readonly number[], now: number): number | undefined {
    if (ids.length === 0 || !this.roll(this.options.concurrentBudgetEditRate)) return undefined;
    const random = this.random;
    const candidates = ids.map((id) => store.budgets.get(id)).filter((b) => b !== undefined && planIds.includes(b.planId));
    const victim = candidates[Math.floor(random() * candidates.length)];
    if (victim === undefined) return undefined;
    victim.amount -= 100; // 1.00 less
    victim.description = 'Edited by another user';
    victim.dateUpdated = now;
    store.touch();
    return victim.id;
  }

  concurrentEdit(store: Store, companyId: number, now: number, today: string): boolean {
    if (!this.roll(this.options.concurrentEditRate)) return false;
    const random = this.random;
    const all = store.transactionsOf(companyId);
    if (all.length === 0) return false;
    const leaves = [...store.categories.values()].filter((c) => c.companyId === companyId && store.isMappable(c));
    for (let i = 0; i < 3; i++) {
      const victim = all[Math.floor(random() * all.length)];
      const sameType = leaves.filter((c) => victim && c.type === (victim.amount > 0 ? 'IN' : 'EX'));
      const category = sameType[Math.floor(random() * sameType.length)];
      if (victim && category) {
        victim.categoryId = category.id;
        victim.dateUpdated = now;
      }
    }
    const accounts = store.accountsOf([companyId]);
    const account = accounts.find((a) => a.status === 'OFFLINE') ?? accounts[0];
    if (account) {
      const amount = -Math.round(1000 + random() * 100_000);
      const inserted: Transaction = {
        id: store.nextId('transaction'),
        companyId,
        accountId: account.id,
        categoryId: store.defaultCategory(companyId, 'EX').id,
        predictedCategoryId: null,
        invoiceId: null,
        parentId: null,
        valueDate: addDays(today, -Math.floor(random() * 365)),
        valueTime: null,
        bankBookingDate: null,
        amount,
        reportingAmount: reportingCents(amount, account.currency),
        purpose: 'Nachbuchung durch Kollegin',
        counterpartName: 'Büro Schreibwaren',
        counterpartIban: '',
        isAdjustingEntry: false,
        isPayment: false,
        isLeafNode: true,
        tags: null,
        commentCount: 0,
        dateCreated: now,
        dateUpdated: now,
      };
      store.addTransaction(inserted);
      account.balance += amount;
      account.transactionCount += 1;
    }
    store.touch();
    return true;
  }
}
