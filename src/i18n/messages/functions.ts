/** Messages of the CASHFLOW functions' core (src/sync/figures): what a cell shows when it cannot show a figure. */

export const en = {
  'functions.error.required': '{argument}: required. Enter a value.',
  'functions.error.date': '{argument}: "{value}" is not a date. Enter a date, or text as YYYY-MM-DD, e.g. 2026-12-31.',
  'functions.error.range': '{argument}: {to} is before {from}. The end of the range must not be before its start.',
  'functions.error.categoryUnknown': '{argument}: there is no category "{value}". Enter the id, the name or the path of a category as the sheet "Categories" shows it, e.g. Ausgaben › Personal.',
  'functions.error.categoryAmbiguous': '{argument}: "{value}" is the name of several categories: {candidates}. Enter the id or the whole path.',
  'functions.error.accountUnknown': '{argument}: there is no account "{value}". Enter the id or the name of one of your accounts, or leave it out.',
  'functions.error.accountAmbiguous': '{argument}: "{value}" is the name of several accounts: {candidates}. Enter the id.',
  'functions.error.notConnected': 'Not connected to the service: connect in the task pane.',
  'functions.error.refused': 'The service refused: {reason}',
  'functions.error.unreachable': 'The service could not be reached. Check the connection in the task pane, then recalculate.',
  'functions.error.timeout': 'The service did not answer within {seconds} s. Recalculate to try again.',
  'functions.error.unexpected': 'The figure could not be computed: {reason}',
} as const;

type Catalog = Record<keyof typeof en, string>;

export const de: Catalog = {
  'functions.error.required': '{argument}: Pflichtangabe. Bitte einen Wert eingeben.',
  'functions.error.date': '{argument}: "{value}" ist kein Datum. Bitte ein Datum eingeben oder Text als JJJJ-MM-TT, z. B. 2026-12-31.',
  'functions.error.range': '{argument}: {to} liegt vor {from}. Das Ende des Zeitraums darf nicht vor seinem Anfang liegen.',
  'functions.error.categoryUnknown': '{argument}: Es gibt keine Kategorie "{value}". Bitte die ID, den Namen oder den Pfad einer Kategorie eingeben, wie das Blatt "Categories" sie zeigt, z. B. Ausgaben › Personal.',
  'functions.error.categoryAmbiguous': '{argument}: "{value}" ist der Name mehrerer Kategorien: {candidates}. Bitte die ID oder den ganzen Pfad eingeben.',
  'functions.error.accountUnknown': '{argument}: Es gibt kein Konto "{value}". Bitte die ID oder den Namen eines Ihrer Konten eingeben oder das Argument weglassen.',
  'functions.error.accountAmbiguous': '{argument}: "{value}" ist der Name mehrerer Konten: {candidates}. Bitte die ID eingeben.',
  'functions.error.notConnected': 'Keine Verbindung zum Dienst: bitte im Aufgabenbereich verbinden.',
  'functions.error.refused': 'Der Dienst hat abgelehnt: {reason}',
  'functions.error.unreachable': 'Der Dienst ist nicht erreichbar. Bitte die Verbindung im Aufgabenbereich prüfen und dann neu berechnen.',
  'functions.error.timeout': 'Der Dienst hat nicht innerhalb von {seconds} s geantwortet. Zum erneuten Versuch neu berechnen.',
  'functions.error.unexpected': 'Der Wert konnte nicht berechnet werden: {reason}',
};

export const it: Catalog = {
  'functions.error.required': '{argument}: obbligatorio. Inserire un valore.',
  'functions.error.date': '{argument}: "{value}" non è una data. Inserire una data, o un testo come AAAA-MM-GG, ad es. 2026-12-31.',
  'functions.error.range': '{argument}: {to} è precedente a {from}. La fine dell\'intervallo non può precedere il suo inizio.',
  'functions.error.categoryUnknown': '{argument}: non esiste la categoria "{value}". Inserire l\'id, il nome o il percorso di una categoria come li mostra il foglio "Categories", ad es. Ausgaben › Personal.',
  'functions.error.categoryAmbiguous': '{argument}: "{value}" è il nome di più categorie: {candidates}. Inserire l\'id o il percorso completo.',
  'functions.error.accountUnknown': '{argument}: non esiste il conto "{value}". Inserire l\'id o il nome di uno dei propri conti, oppure ometterlo.',
  'functions.error.accountAmbiguous': '{argument}: "{value}" è il nome di più conti: {candidates}. Inserire l\'id.',
  'functions.error.notConnected': 'Nessuna connessione al servizio: connettersi nel riquadro attività.',
  'functions.error.refused': 'Il servizio ha rifiutato: {reason}',
  'functions.error.unreachable': 'Il servizio non è raggiungibile. Verificare la connessione nel riquadro attività, poi ricalcolare.',
  'functions.error.timeout': 'Il servizio non ha risposto entro {seconds} s. Ricalcolare per riprovare.',
  'functions.error.unexpected': 'Il valore non ha potuto essere calcolato: {reason}',
};
