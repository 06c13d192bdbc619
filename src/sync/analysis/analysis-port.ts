/**
 * The "Analyse" sheet as the core asks the workbook for it (#31): a PivotTable of the Transactions table's actuals
 * (Category × Month, the sum of the reporting amount) and a chart of the balance forecast over a small range of
 * horizon and balance. The Excel host builds it (src/hosts/excel/analysis-sheet.ts); the texts come localized.
 */

export interface AnalysisBalanceRow {
  /** The horizon as the user reads it ("Today", "End of next month"). */
  label: string;
  /** The balance at that horizon in the company currency; null when the service does not tell it. */
  balance: number | null;
}

export interface AnalysisRequest {
  /** The company currency's amount format (`amountFormat`). */
  amountFormat: string;
  balance: readonly AnalysisBalanceRow[];
  texts: {
    sheetTitle: string;
    balanceTitle: string;
    horizonHeader: string;
    balanceHeader: string;
    actualsTitle: string;
    chartTitle: string;
  };
}

/** `built`: made now; `refreshed`: the sheet was there, its pivot computed again; `noTransactions`: nothing pulled yet. */
export type AnalysisOutcome =
  { kind: 'built' | 'refreshed'; sheetName: string; categories: number; months: number } | { kind: 'noTransactions' };

export interface AnalysisPort {
  buildAnalysis(request: AnalysisRequest): Promise<AnalysisOutcome>;
}
