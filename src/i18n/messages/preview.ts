/** Messages of The preview page (src/preview). */

export const en = {
  'preview.title': 'Cash-Flow Planner – preview without Excel',
  'preview.subtitle': 'The real task pane beside a simulated workbook. Nothing leaves this browser except calls to the service you connect to.',
  'preview.theme': 'Theme',
  'preview.theme.light': 'Light',
  'preview.theme.dark': 'Dark',
  'preview.paneWidth': 'Task pane width',
  'preview.paneWidth.narrow': '320 px',
  'preview.paneWidth.wide': '480 px',
  'preview.pane.title': 'Cash-Flow Planner task pane',
  'preview.sheets': 'Sheets',
  'preview.grid': 'Worksheet {sheet}',
  'preview.status.sheet': 'Sheet: {sheet}',
  'preview.status.table': 'Table {table}: {rows} rows',
  'preview.status.noTable': 'No table',
  'preview.status.saving': 'Saving…',
  'preview.status.saved': 'Saved in this browser',
  'preview.status.saveFailed': 'Could not save the workbook in this browser: {reason}',
  'preview.loading': 'Opening the workbook saved in this browser…',
  'preview.restoreFailed': 'The workbook saved in this browser could not be read; a new workbook was opened. ({reason})',
  'preview.reset': 'Reset workbook',
  'preview.reset.title': 'Reset the workbook?',
  'preview.reset.body':
    'Every sheet, table and setting of this workbook is deleted and a new, empty workbook opens. Connection profiles saved on this computer are kept.',
  'preview.reset.confirm': 'Reset',
  'preview.reset.cancel': 'Cancel',
  'preview.editFailed': 'The cell was not changed: {reason}',
} as const;

type Catalog = Record<keyof typeof en, string>;

export const de: Catalog = {
  'preview.title': 'Cash-Flow Planner – Vorschau ohne Excel',
  'preview.subtitle':
    'Der echte Aufgabenbereich neben einer simulierten Arbeitsmappe. Nichts verlässt diesen Browser außer Aufrufen an den Dienst, mit dem Sie sich verbinden.',
  'preview.theme': 'Design',
  'preview.theme.light': 'Hell',
  'preview.theme.dark': 'Dunkel',
  'preview.paneWidth': 'Breite des Aufgabenbereichs',
  'preview.paneWidth.narrow': '320 px',
  'preview.paneWidth.wide': '480 px',
  'preview.pane.title': 'Aufgabenbereich von Cash-Flow Planner',
  'preview.sheets': 'Tabellenblätter',
  'preview.grid': 'Tabellenblatt {sheet}',
  'preview.status.sheet': 'Blatt: {sheet}',
  'preview.status.table': 'Tabelle {table}: {rows} Zeilen',
  'preview.status.noTable': 'Keine Tabelle',
  'preview.status.saving': 'Wird gespeichert…',
  'preview.status.saved': 'In diesem Browser gespeichert',
  'preview.status.saveFailed': 'Die Arbeitsmappe konnte in diesem Browser nicht gespeichert werden: {reason}',
  'preview.loading': 'Die in diesem Browser gespeicherte Arbeitsmappe wird geöffnet…',
  'preview.restoreFailed':
    'Die in diesem Browser gespeicherte Arbeitsmappe konnte nicht gelesen werden; eine neue Arbeitsmappe wurde geöffnet. ({reason})',
  'preview.reset': 'Arbeitsmappe zurücksetzen',
  'preview.reset.title': 'Arbeitsmappe zurücksetzen?',
  'preview.reset.body':
    'Alle Blätter, Tabellen und Einstellungen dieser Arbeitsmappe werden gelöscht, und eine neue, leere Arbeitsmappe wird geöffnet. Auf diesem Computer gespeicherte Verbindungsprofile bleiben erhalten.',
  'preview.reset.confirm': 'Zurücksetzen',
  'preview.reset.cancel': 'Abbrechen',
  'preview.editFailed': 'Die Zelle wurde nicht geändert: {reason}',
};

export const it: Catalog = {
  'preview.title': 'Cash-Flow Planner – anteprima senza Excel',
  'preview.subtitle':
    'Il vero riquadro attività accanto a una cartella di lavoro simulata. Nulla lascia questo browser, tranne le chiamate al servizio a cui ti connetti.',
  'preview.theme': 'Tema',
  'preview.theme.light': 'Chiaro',
  'preview.theme.dark': 'Scuro',
  'preview.paneWidth': 'Larghezza del riquadro attività',
  'preview.paneWidth.narrow': '320 px',
  'preview.paneWidth.wide': '480 px',
  'preview.pane.title': 'Riquadro attività di Cash-Flow Planner',
  'preview.sheets': 'Fogli',
  'preview.grid': 'Foglio di lavoro {sheet}',
  'preview.status.sheet': 'Foglio: {sheet}',
  'preview.status.table': 'Tabella {table}: {rows} righe',
  'preview.status.noTable': 'Nessuna tabella',
  'preview.status.saving': 'Salvataggio…',
  'preview.status.saved': 'Salvata in questo browser',
  'preview.status.saveFailed': 'Impossibile salvare la cartella di lavoro in questo browser: {reason}',
  'preview.loading': 'Apertura della cartella di lavoro salvata in questo browser…',
  'preview.restoreFailed':
    'Non è stato possibile leggere la cartella di lavoro salvata in questo browser; è stata aperta una nuova cartella di lavoro. ({reason})',
  'preview.reset': 'Reimposta cartella di lavoro',
  'preview.reset.title': 'Reimpostare la cartella di lavoro?',
  'preview.reset.body':
    'Tutti i fogli, le tabelle e le impostazioni di questa cartella di lavoro vengono eliminati e si apre una nuova cartella vuota. I profili di connessione salvati su questo computer vengono mantenuti.',
  'preview.reset.confirm': 'Reimposta',
  'preview.reset.cancel': 'Annulla',
  'preview.editFailed': 'La cella non è stata modificata: {reason}',
};
