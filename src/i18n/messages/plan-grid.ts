/** Messages of the planning grid (#31): its own budgets' names, its rows below the tree, why a cell takes no figure. */

export const en = {
  'grid.tableLabel': 'Plan grid',
  'grid.budgetName': 'Plan grid: {category} {month}',
  'grid.row.openInvoices': 'Open invoices',
  'grid.row.netFlow': 'Net cash flow',
  'grid.row.balance': 'Closing balance',
  'grid.refused.committed': 'The plan is committed: its budgets cannot be changed.',
  'grid.refused.noPlan': 'The company has no such plan.',
  'grid.refused.pastMonth': 'A past month shows the actuals; plan from the current month on.',
  'grid.refused.notPlannable': 'This category takes no budgets: type the figure into one of its subcategories.',
  'grid.refused.outsideGrid': 'This cell is not a category and month of the grid.',
  'grid.refused.tooLarge': 'The figure needs more than 12 digits; a budget takes at most 12 (2 after the point).',
} as const;

type Catalog = Record<keyof typeof en, string>;

export const de: Catalog = {
  'grid.tableLabel': 'Planraster',
  'grid.budgetName': 'Planraster: {category} {month}',
  'grid.row.openInvoices': 'Offene Rechnungen',
  'grid.row.netFlow': 'Netto-Cashflow',
  'grid.row.balance': 'Endsaldo',
  'grid.refused.committed': 'Der Plan ist festgeschrieben: seine Budgets können nicht geändert werden.',
  'grid.refused.noPlan': 'Die Firma hat keinen solchen Plan.',
  'grid.refused.pastMonth': 'Ein vergangener Monat zeigt die Ist-Werte; geplant wird ab dem laufenden Monat.',
  'grid.refused.notPlannable': 'Diese Kategorie nimmt keine Budgets: Tragen Sie den Wert in eine ihrer Unterkategorien ein.',
  'grid.refused.outsideGrid': 'Diese Zelle ist keine Kategorie und kein Monat des Rasters.',
  'grid.refused.tooLarge': 'Der Wert braucht mehr als 12 Stellen; ein Budget nimmt höchstens 12 (2 nach dem Komma).',
};

export const it: Catalog = {
  'grid.tableLabel': 'Griglia di piano',
  'grid.budgetName': 'Griglia di piano: {category} {month}',
  'grid.row.openInvoices': 'Fatture aperte',
  'grid.row.netFlow': 'Flusso di cassa netto',
  'grid.row.balance': 'Saldo finale',
  'grid.refused.committed': 'Il piano è confermato: i suoi budget non possono essere modificati.',
  'grid.refused.noPlan': "L'azienda non ha un tale piano.",
  'grid.refused.pastMonth': 'Un mese passato mostra i valori effettivi; si pianifica dal mese corrente in poi.',
  'grid.refused.notPlannable': 'Questa categoria non accetta budget: inserisca il valore in una delle sue sottocategorie.',
  'grid.refused.outsideGrid': 'Questa cella non è una categoria e un mese della griglia.',
  'grid.refused.tooLarge': 'Il valore richiede più di 12 cifre; un budget ne accetta al massimo 12 (2 dopo la virgola).',
};
