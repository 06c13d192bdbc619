/** The words for the service's codes where a person reads them: the label columns beside the code columns. */

export const en = {
  'code.invoiceType.RE': 'Receivable',
  'code.invoiceType.PA': 'Payable',
  'code.budgetBase.FS': 'Forecast and scenario',
  'code.budgetBase.S': 'Scenario',
  'code.budgetBase.F': 'Forecast',
  'code.frequency.once': 'One-time',
  'code.frequency.daily': 'Daily',
  'code.frequency.weekly': 'Weekly',
  'code.frequency.monthly': 'Monthly',
  'code.frequency.quarterly': 'Quarterly',
  'code.frequency.yearly': 'Yearly',
};

type Catalog = Record<keyof typeof en, string>;

export const de: Catalog = {
  'code.invoiceType.RE': 'Forderung',
  'code.invoiceType.PA': 'Verbindlichkeit',
  'code.budgetBase.FS': 'Prognose und Szenario',
  'code.budgetBase.S': 'Szenario',
  'code.budgetBase.F': 'Prognose',
  'code.frequency.once': 'Einmalig',
  'code.frequency.daily': 'Täglich',
  'code.frequency.weekly': 'Wöchentlich',
  'code.frequency.monthly': 'Monatlich',
  'code.frequency.quarterly': 'Vierteljährlich',
  'code.frequency.yearly': 'Jährlich',
};

export const it: Catalog = {
  'code.invoiceType.RE': 'Credito',
  'code.invoiceType.PA': 'Debito',
  'code.budgetBase.FS': 'Previsione e scenario',
  'code.budgetBase.S': 'Scenario',
  'code.budgetBase.F': 'Previsione',
  'code.frequency.once': 'Una tantum',
  'code.frequency.daily': 'Giornaliera',
  'code.frequency.weekly': 'Settimanale',
  'code.frequency.monthly': 'Mensile',
  'code.frequency.quarterly': 'Trimestrale',
  'code.frequency.yearly': 'Annuale',
};
