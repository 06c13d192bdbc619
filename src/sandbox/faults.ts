/**
 * Fault injection: non-JSON 500s, 429s with Retry-After, slow answers, dropped connections, and
 * concurrent edits by "another user" between page requests of a transaction pull. Each fault draws from
 * one random source (injectable; seeded by default, `seed` choosing the sequence), so a fixed source gives a
 * fixed sequence. A request meets at most one of the answering faults (dropped, 500, 429): one draw decides
 * among them, so their rates are shares of all requests (`error500Rate: 0.1, rate429: 0.1` answers one request
 * in ten with a 500 and one in ten with a 429).
 * A write applied and then answered with an error (`afterWrite500Rate`) or a dropped connection (`afterWriteDropRate`):
 * POST/PUT/PATCH/DELETE that the service carried out in full (any answer below 400), whose answer is then replaced by
 * a non-JSON 500 or a destroyed socket; one draw of the same source decides between them, after the write.
 * Every fault met is counted (`met`, the sandbox's `faultsMet()`).
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
  /** Share of writes (POST/PUT/PATCH/DELETE) applied in full and then answered with a non-JSON 500. */
  afterWrite500Rate?: number;
  /** Share of writes applied in full whose connection is then dropped instead of the answer. */
  afterWriteDropRate?: number;
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

/** The fault that replaces the answer to a write the service applied, if any. */
export type AfterWriteFault = 'drop' | '500' | undefined;

/** Every kind of fault, as `met` counts them. */
export type FaultKind = 'drop' | '500' | '429' | 'slow' | 'afterWrite500' | 'afterWriteDrop' | 'concurrentEdit' | 'concurrentBudgetEdit';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function noneMet(): Record<FaultKind, number> {
  return { drop: 0, '500': 0, '429': 0, slow: 0, afterWrite500: 0, afterWriteDrop: 0, concurrentEdit: 0, concurrentBudgetEdit: 0 };
}

export class FaultInjector {
  private options: FaultOptions;
  private random: () => number;
  /** The faults met since the start, by kind (`setFaults` keeps counting). */
  readonly met: Record<FaultKind, number> = noneMet();

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

  /**
   * Which fault replaces the answer to a write the service has just applied: one draw against the two rates laid end
   * to end (drop, 500), only for POST/PUT/PATCH/DELETE and only when one of them is set.
   */
  nextAfterWriteFault(method: string): AfterWriteFault {
    const drop = Math.max(0, this.options.afterWriteDropRate ?? 0);
    const error500 = Math.max(0, this.options.afterWrite500Rate ?? 0);
    if (!WRITE_METHODS.has(method) || drop + error500 <= 0) return undefined;
    const draw = this.random();
    if (draw < drop) return 'drop';
    if (draw < drop + error500) return '500';
    return undefined;
  }

  /** Decides the fault for one request; answers it (or drops the connection) when one hits. */
  async apply(request: FastifyRequest, reply: FastifyReply, lang: Language): Promise<FaultOutcome> {
    const o = this.options;
    const fault = this.nextAnsweringFault();
    if (fault !== undefined) this.met[fault] += 1;
    if (fault === 'drop') return dropConnection(request, reply);
    if (fault === '500') return answer500(reply);
    if (fault === '429') {
      const wait = o.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS;
      reply
        .code(429)
        .header('Retry-After', String(wait))
        .send({ detail: t(lang, 'throttled', { wait }) });
      return 'answered';
    }
    if (this.roll(o.slowRate)) {
      this.met.slow += 1;
      await new Promise((resolve) => setTimeout(resolve, o.slowMs ?? DEFAULT_SLOW_MS));
    }
    return 'continue';
  }

  /** After a write the service applied (its answer below 400): maybe replace the answer with a 500 or a dropped connection. */
  applyAfterWrite(request: FastifyRequest, reply: FastifyReply): FaultOutcome {
    const fault = this.nextAfterWriteFault(request.method);
    if (fault === 'drop') {
      this.met.afterWriteDrop += 1;
      return dropConnection(request, reply);
    }
    if (fault === '500') {
      this.met.afterWrite500 += 1;
      return answer500(reply);
    }
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
    this.met.concurrentBudgetEdit += 1;
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
    this.met.concurrentEdit += 1;
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

function dropConnection(request: FastifyRequest, reply: FastifyReply): FaultOutcome {
  reply.hijack();
  request.raw.socket.destroy();
  return 'dropped';
}

function answer500(reply: FastifyReply): FaultOutcome {
  reply.code(500).type('text/html; charset=utf-8').send('<h1>Server Error (500)</h1>');
  return 'answered';
}
