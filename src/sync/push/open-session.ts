/**
 * Stage 1 of a push, and the start of its undo: the session both share. It refuses what cannot be written (a
 * read-only table, a table without a stored baseline, the model's own refusals such as a committed plan) before
 * anything is sent, and holds what every later stage reads: the client with one retry budget, the baseline, the
 * reference (plans, categories, accounts) and its lookups, the model opened on the service, the words.
 */

import { RetryBudget, type CashflowClient } from '../../api';
import type { Language } from '../../i18n/catalog';
import { buildLookups, type Lookups } from '../tables/lookups';
import type { BaselineStore } from './baseline';
import type { BaselineRow } from './diff';
import { translator, type Translate } from './push-messages';
import { PushRefusedError } from './push-refused-error';
import type { PushProgress, PushReference } from './push-result';
import type { SendOptions } from './send-change';
import type { OpenedModel, WriteModel } from './write-model';

export interface SessionOptions {
  client: CashflowClient;
  baselines: BaselineStore;
  language: Language;
  label?: string;
  signal?: AbortSignal;
  sleep?(ms: number, signal?: AbortSignal): Promise<void>;
  giveUpAfterMs?: number;
  reference?: PushReference;
  now?(): Date;
  onProgress?(progress: PushProgress): void;
}

/** A push needs the baseline the pull state says is stored; an undo takes whatever baseline there is. */
export type BaselineNeed = { push: 'stored' | 'missing' | undefined } | 'whatever is stored';

export interface PushSession {
  model: WriteModel;
  baselines: BaselineStore;
  opened: OpenedModel;
  table: string;
  language: Language;
  t: Translate;
  named: { table: string };
  signal?: AbortSignal;
  send: SendOptions;
  startedAt: Date;
  baseline: readonly BaselineRow[];
  baselineById: ReadonlyMap<number, BaselineRow>;
  reference: PushReference;
  lookups: Lookups;
}

/** The plans, categories and accounts a push needs, read from the service (three requests). */
export async function readReference(client: CashflowClient, options: { signal?: AbortSignal } = {}): Promise<PushReference> {
  const [plans, categories, summary] = await Promise.all([
    client.plans.list(options),
    client.categories.list(options),
    client.accounts.summary(options),
  ]);
  return { plans, categories, accounts: summary.accounts.map((a) => ({ id: a.id, name: a.name })) };
}

export async function openSession<R>(model: WriteModel<R>, options: SessionOptions, need: BaselineNeed): Promise<PushSession> {
  const { language, signal } = options;
  const t = translator(language);
  const table = model.table.tableName;
  const named = { table: options.label ?? table };
  const startedAt = (options.now ?? (() => new Date()))();
  if (need !== 'whatever is stored' && model.table.readOnly) throw new PushRefusedError(t('push.refused.readOnly', named), 'readOnly');
  options.onProgress?.({ phase: 'reading', done: 0, total: 0 });
  // One retry budget for every request of this push or undo, as a pull has: the reads before the writes ride out a
  // storm of 429s and 5xx instead of failing after a few tries.
  const client = options.client.withRetryBudget(
    new RetryBudget(options.giveUpAfterMs === undefined ? {} : { giveUpAfterMs: options.giveUpAfterMs }),
  );
  const requestOptions = signal === undefined ? {} : { signal };
  const referenceOf = () => options.reference ?? (model.reference ?? readReference)(client, requestOptions);
  let baseline: readonly BaselineRow[];
  let reference: PushReference;
  if (need === 'whatever is stored') {
    const [read, stored] = await Promise.all([referenceOf(), options.baselines.read(table)]);
    [reference, baseline] = [read, stored ?? []];
  } else {
    const stored = need.push === 'stored' ? await options.baselines.read(table) : undefined;
    if (stored === undefined) throw new PushRefusedError(t('push.refused.noBaseline', named), 'noBaseline');
    [baseline, reference] = [stored, await referenceOf()];
  }
  const lookups = buildLookups({ categories: reference.categories, accounts: reference.accounts, language });
  const send: SendOptions = { ...requestOptions, ...(options.sleep === undefined ? {} : { sleep: options.sleep }) };
  const opened = model.open({ client, reference, lookups, language, t, named, send, ...requestOptions });
  return {
    model,
    baselines: options.baselines,
    opened,
    table,
    language,
    t,
    named,
    ...requestOptions,
    send,
    startedAt,
    baseline,
    baselineById: new Map(baseline.map((b) => [b.id, b])),
    reference,
    lookups,
  };
}
