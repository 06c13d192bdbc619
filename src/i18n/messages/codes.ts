/**
 * The words for the service's codes where a person reads them: the label columns beside the code columns, and the
 * in-cell lists of the code columns (their prompt and error alert; Excel caps a title at 32 characters).
 */

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
  'code.sequenceType.AP': 'Arithmetic',
  'code.sequenceType.GP': 'Geometric',
  'code.sequenceType.HP': 'Harmonic',
  'code.sequenceType.none': 'No sequence',
  'code.empty': 'empty',
  'code.list.promptTitle': 'Pick a code from the list',
  'code.list.errorTitle': 'Not a code of this column',
  'code.list.error': '{column} takes one of these codes: {codes}.',
  'code.list.errorOrEmpty': '{column} takes one of these codes: {codes}, or an empty cell.',
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
  'code.sequenceType.AP': 'Arithmetisch',
  'code.sequenceType.GP': 'Geometrisch',
  'code.sequenceType.HP': 'Harmonisch',
  'code.sequenceType.none': 'Keine Folge',
  'code.empty': 'leer',
  'code.list.promptTitle': 'Code aus der Liste wählen',
  'code.list.errorTitle': 'Kein Code dieser Spalte',
  'code.list.error': '{column} nimmt einen dieser Codes: {codes}.',
  'code.list.errorOrEmpty': '{column} nimmt einen dieser Codes: {codes}, oder eine leere Zelle.',
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
  'code.sequenceType.AP': 'Aritmetica',
  'code.sequenceType.GP': 'Geometrica',
  'code.sequenceType.HP': 'Armonica',
  'code.sequenceType.none': 'Nessuna sequenza',
  'code.empty': 'vuota',
  'code.list.promptTitle': "Scegli un codice dall'elenco",
  'code.list.errorTitle': 'Codice non valido qui',
  'code.list.error': '{column} accetta uno di questi codici: {codes}.',
  'code.list.errorOrEmpty': '{column} accetta uno di questi codici: {codes}, o una cella vuota.',
};
