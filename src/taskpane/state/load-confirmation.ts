/**
 * The question before a large load: what a full load brings is counted first (one `page_size=1` read, one try), and
 * above the threshold of Settings the user is asked (`loadPrompt`) and answers (`answer`). One question at a time:
 * the queue runs one load at a time.
 */

import { RetryBudget, type CashflowClient } from '../../api';
import { estimatedSeconds, needsConfirmation } from '../../sync/filters/load-estimate';
import { modelOf, type PullTarget } from '../../sync/pull';
import { bodyRowsBelow } from '../../sync/sheet-rows';
import { tableSpec } from '../../sync/tables';
import { rowCount } from '../../sync/pull/row-count';
import type { LoadConfirmChoice } from './preferences';
import type { LoadPrompt } from './app-snapshot';

export interface LoadConfirmationDeps {
  /** Above how many rows a load asks first (Settings). */
  threshold(): LoadConfirmChoice;
  /** The rows were counted: the job says how many come. */
  counted(tableId: string, rows: number): void;
  /** The question to show, or undefined once answered. */
  publish(prompt: LoadPrompt | undefined): void;
}

export interface LoadQuestion {
  tableId: string;
  tableName: string;
  target: PullTarget;
  client: CashflowClient;
  signal: AbortSignal;
}

export class LoadConfirmation {
  readonly #deps: LoadConfirmationDeps;
  /** Answers the question that waits. */
  #answer: ((load: boolean) => void) | undefined;

  constructor(deps: LoadConfirmationDeps) {
    this.#deps = deps;
  }

  /** A question waits for the user. */
  get waiting(): boolean {
    return this.#answer !== undefined;
  }

  /** True: load. A count that fails asks nothing (the pull reports what is wrong). */
  async ask({ tableId, tableName, target, client, signal }: LoadQuestion): Promise<boolean> {
    // One try, no waiting: a service that asks to wait (429) or fails is waited for by the pull, whose progress says so.
    const once = client.withRetryBudget(new RetryBudget({ giveUpAfterMs: 0 }));
    const rows = await rowCount(once, target, signal).catch(() => undefined);
    throwIfCancelled(signal);
    if (rows === undefined) return true;
    this.#deps.counted(tableId, rows);
    // More than the sheet holds: no question, the pull refuses with the count and a filter to set.
    if (rows > bodyRowsBelow(tableSpec(modelOf(target)).anchor)) return true;
    const choice = this.#deps.threshold();
    if (!needsConfirmation(rows, choice === 'never' ? undefined : choice)) return true;
    const load = await new Promise<boolean>((resolve) => {
      this.#answer = resolve;
      this.#deps.publish({ tableId, tableName, rows, seconds: estimatedSeconds(rows) });
    });
    throwIfCancelled(signal);
    return load;
  }

  /** The user's answer: load the counted rows, or not (the table stays as it is). */
  answer(load: boolean): void {
    const answer = this.#answer;
    this.#answer = undefined;
    this.#deps.publish(undefined);
    answer?.(load);
  }
}

/** Cancel while counting or asking: the pull's own "cancelled" (the run reads the aborted signal), not "not loaded". */
function throwIfCancelled(signal: AbortSignal): void {
  if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('cancelled');
}
