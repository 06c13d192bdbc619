/**
 * The Data view's "Analyse" (#31): reads the balance summary from the service, hands it with the localized texts to
 * the host, which builds the Analysis sheet (PivotTable of actuals by category and month, balance forecast chart:
 * src/hosts/excel/analysis-sheet.ts), and keeps what the card says: working, done (built or refreshed, how many
 * categories and months) or why it failed (Transactions never pulled, the service or Excel refusing).
 */

import type { CashflowClient } from '../../api';
import type { MessageKey } from '../../i18n/catalog';
import type { MessageParams } from '../../i18n/translate';
import { amountFormat } from '../../sync/amount-format';
import type { AnalysisPort, AnalysisRequest } from '../../sync/analysis/analysis-port';
import { balanceRows, type BalanceHorizon } from '../../sync/tables/accounts-tables';
import type { AnalysisView } from './app-snapshot';

export interface AnalysisDeps {
  port: AnalysisPort | undefined;
  client(): CashflowClient | undefined;
  currency(): string | undefined;
  t(key: MessageKey, params?: MessageParams): string;
  now(): string;
  publish(view: AnalysisView): void;
}

const HORIZON_KEYS: Record<BalanceHorizon, MessageKey> = {
  today: 'pane.horizon.today',
  current_month_end: 'pane.horizon.currentMonth',
  next_month_end: 'pane.horizon.nextMonth',
  in_3_months: 'pane.horizon.in3Months',
  fiscal_year_end: 'pane.horizon.fiscalYearEnd',
};

export class AnalysisState {
  readonly #deps: AnalysisDeps;
  #view: AnalysisView = { status: 'idle' };

  constructor(deps: AnalysisDeps) {
    this.#deps = deps;
  }

  get view(): AnalysisView {
    return this.#view;
  }

  get available(): boolean {
    return this.#deps.port !== undefined;
  }

  #set(view: AnalysisView): void {
    this.#view = view;
    this.#deps.publish(view);
  }

  /** Builds (or refreshes) the Analysis sheet; never throws: a failure is what the card says. */
  async analyse(): Promise<void> {
    const { port, t } = this.#deps;
    const client = this.#deps.client();
    if (port === undefined || this.#view.status === 'working') return;
    if (client === undefined) return this.#set({ status: 'failed', message: t('pane.analysis.notConnected') });
    this.#set({ status: 'working' });
    try {
      const outcome = await port.buildAnalysis(await this.#request(client));
      if (outcome.kind === 'noTransactions') return this.#set({ status: 'failed', message: t('pane.analysis.noTransactions') });
      const key = outcome.kind === 'built' ? 'pane.analysis.built' : 'pane.analysis.refreshed';
      this.#set({ status: 'done', at: this.#deps.now(), message: t(key, { categories: outcome.categories, months: outcome.months }) });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.#set({ status: 'failed', message: t('pane.analysis.failed', { reason }) });
    }
  }

  async #request(client: CashflowClient): Promise<AnalysisRequest> {
    const { t } = this.#deps;
    const summary = await client.accounts.summary();
    return {
      amountFormat: amountFormat(this.#deps.currency()),
      balance: balanceRows(summary).map((row) => ({ label: t(HORIZON_KEYS[row.horizon]), balance: row.balance })),
      texts: {
        sheetTitle: t('pane.analysis.sheetTitle'),
        balanceTitle: t('pane.analysis.balanceTitle'),
        horizonHeader: t('pane.analysis.horizon'),
        balanceHeader: t('pane.analysis.balance'),
        actualsTitle: t('pane.analysis.actualsTitle'),
        chartTitle: t('pane.analysis.chartTitle'),
      },
    };
  }
}
