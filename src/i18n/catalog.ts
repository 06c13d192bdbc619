/**
 * The add-in's own user-visible messages, one key set in three languages.
 * Messages that come from the service are passed through as the service localized them;
 * these catalogs cover what the add-in itself says. A test fails when a key is missing
 * in any language or when the placeholders differ between languages.
 */
export const LANGUAGES = ['de', 'en', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];

export const en = {
  'app.title': 'Cash-Flow Planner',
  'api.error.invalidCredentials': 'Wrong client ID or client secret. Check the API credentials of the company.',
  'api.error.connection': 'The service could not be reached ({method} {path}).',
  'api.error.timeout': 'The service did not answer in time ({method} {path}).',
  'api.error.aborted': 'The request was cancelled ({method} {path}).',
  'api.error.http': 'The service answered with an error (HTTP {status}, {method} {path}).',
  'api.error.responseValidation': 'Unexpected answer from the service ({method} {path}): {issues}',
  'api.error.deleteSelectorMissing': 'Invoices are never deleted without a selector: give an id, one or more references, or source_id together with source.',
  'api.error.externalIdInvalid': 'The external ID "{externalId}" cannot be used: it must not be empty and must not contain "." or "/".',
  'api.error.amountInvalid': '{field}: "{value}" is not a valid amount.',
  'api.error.amountTooLarge': '{field}: {value} has more than {maxDigits} digits (including {decimals} decimals).',
  'api.error.pathIdInvalid': '{field} must be a positive whole number, got "{value}".',
  'api.error.invoiceKeyMismatch': 'All invoices of one update must use the key of the first item ({key}); item {index} does not.',
  'api.error.pageLinkInvalid': 'The service sent a next-page link without a usable page number ({link}).',
  'api.error.paramInvalid': 'The parameter {name} has an unsupported value.',
  'pull.progress.reading': '{table}: reading the table…',
  'pull.progress.fetching': '{table}: page {page} of {pages}, {rows} of {total} rows fetched',
  'pull.progress.verifying': '{table}: checking row count and sum against the service',
  'pull.progress.writing': '{table}: {rows} of {total} rows written',
  'pull.progress.done': '{table}: {rows} rows up to date',
  'pull.fallback.mismatch': '{table} did not match the service ({actualCount} of {expectedCount} rows, sum {actualSum} instead of {expectedSum}), for example after deletions: it was pulled in full.',
  'pull.fallback.tableMissing': '{table} was not found in the workbook: it was pulled in full.',
  'pull.fallback.layoutChanged': 'The columns of {table} were changed: it was pulled in full.',
  'pull.fallback.cellProblems': '{table} has {count} cells that cannot be read back (for example text in an amount column): it was pulled in full.',
  'pull.warning.incomplete': '{table}: the service changed during the pull ({actualCount} of {expectedCount} rows, sum {actualSum} instead of {expectedSum}). Refresh again to be sure.',
  'pull.error.noState': '{table} has not been pulled into this workbook yet, so it cannot be refreshed.',
  'pull.error.noCompanies': 'Choose at least one company of the group whose invoices are to be pulled.',
} as const;

export type MessageKey = keyof typeof en;
export type Catalog = Record<MessageKey, string>;

export const de: Catalog = {
  'app.title': 'Cash-Flow Planner',
  'api.error.invalidCredentials': 'Falsche Client-ID oder falsches Client-Secret. Bitte die API-Zugangsdaten des Unternehmens prüfen.',
  'api.error.connection': 'Der Dienst ist nicht erreichbar ({method} {path}).',
  'api.error.timeout': 'Der Dienst hat nicht rechtzeitig geantwortet ({method} {path}).',
  'api.error.aborted': 'Die Anfrage wurde abgebrochen ({method} {path}).',
  'api.error.http': 'Der Dienst hat mit einem Fehler geantwortet (HTTP {status}, {method} {path}).',
  'api.error.responseValidation': 'Unerwartete Antwort des Dienstes ({method} {path}): {issues}',
  'api.error.deleteSelectorMissing': 'Rechnungen werden nie ohne Auswahl gelöscht: bitte eine ID, eine oder mehrere Rechnungsnummern oder source_id zusammen mit source angeben.',
  'api.error.externalIdInvalid': 'Die externe ID "{externalId}" ist nicht verwendbar: Sie darf nicht leer sein und weder "." noch "/" enthalten.',
  'api.error.amountInvalid': '{field}: "{value}" ist kein gültiger Betrag.',
  'api.error.amountTooLarge': '{field}: {value} hat mehr als {maxDigits} Stellen (davon {decimals} Nachkommastellen).',
  'api.error.pathIdInvalid': '{field} muss eine positive ganze Zahl sein, erhalten: "{value}".',
  'api.error.invoiceKeyMismatch': 'Alle Rechnungen einer Änderung müssen den Schlüssel des ersten Eintrags verwenden ({key}); Eintrag {index} tut das nicht.',
  'api.error.pageLinkInvalid': 'Der Dienst hat einen Link zur nächsten Seite ohne verwendbare Seitennummer geschickt ({link}).',
  'api.error.paramInvalid': 'Der Parameter {name} hat einen nicht unterstützten Wert.',
  'pull.progress.reading': '{table}: Tabelle wird gelesen…',
  'pull.progress.fetching': '{table}: Seite {page} von {pages}, {rows} von {total} Zeilen geladen',
  'pull.progress.verifying': '{table}: Zeilenzahl und Summe werden mit dem Dienst abgeglichen',
  'pull.progress.writing': '{table}: {rows} von {total} Zeilen geschrieben',
  'pull.progress.done': '{table}: {rows} Zeilen aktuell',
  'pull.fallback.mismatch': '{table} stimmte nicht mit dem Dienst überein ({actualCount} von {expectedCount} Zeilen, Summe {actualSum} statt {expectedSum}), etwa nach Löschungen: die Tabelle wurde vollständig neu geladen.',
  'pull.fallback.tableMissing': '{table} wurde in der Arbeitsmappe nicht gefunden: die Tabelle wurde vollständig geladen.',
  'pull.fallback.layoutChanged': 'Die Spalten von {table} wurden verändert: die Tabelle wurde vollständig neu geladen.',
  'pull.fallback.cellProblems': '{table} enthält {count} Zellen, die nicht zurückgelesen werden können (etwa Text in einer Betragsspalte): die Tabelle wurde vollständig neu geladen.',
  'pull.warning.incomplete': '{table}: Der Dienst hat sich während des Ladens geändert ({actualCount} von {expectedCount} Zeilen, Summe {actualSum} statt {expectedSum}). Bitte zur Sicherheit erneut aktualisieren.',
  'pull.error.noState': '{table} wurde in diese Arbeitsmappe noch nicht geladen und kann daher nicht aktualisiert werden.',
  'pull.error.noCompanies': 'Bitte mindestens eine Firma der Gruppe wählen, deren Rechnungen geladen werden sollen.',
};

export const it: Catalog = {
  'app.title': 'Cash-Flow Planner',
  'api.error.invalidCredentials': 'Client ID o client secret errati. Verificare le credenziali API dell\'azienda.',
  'api.error.connection': 'Il servizio non è raggiungibile ({method} {path}).',
  'api.error.timeout': 'Il servizio non ha risposto in tempo ({method} {path}).',
  'api.error.aborted': 'La richiesta è stata annullata ({method} {path}).',
  'api.error.http': 'Il servizio ha risposto con un errore (HTTP {status}, {method} {path}).',
  'api.error.responseValidation': 'Risposta inattesa dal servizio ({method} {path}): {issues}',
  'api.error.deleteSelectorMissing': 'Le fatture non vengono mai eliminate senza un selettore: indicare un id, uno o più riferimenti, oppure source_id insieme a source.',
  'api.error.externalIdInvalid': 'L\'ID esterno "{externalId}" non è utilizzabile: non deve essere vuoto né contenere "." o "/".',
  'api.error.amountInvalid': '{field}: "{value}" non è un importo valido.',
  'api.error.amountTooLarge': '{field}: {value} ha più di {maxDigits} cifre (di cui {decimals} decimali).',
  'api.error.pathIdInvalid': '{field} deve essere un numero intero positivo, ricevuto "{value}".',
  'api.error.invoiceKeyMismatch': 'Tutte le fatture di un aggiornamento devono usare la chiave del primo elemento ({key}); l\'elemento {index} non lo fa.',
  'api.error.pageLinkInvalid': 'Il servizio ha inviato un link alla pagina successiva senza un numero di pagina utilizzabile ({link}).',
  'api.error.paramInvalid': 'Il parametro {name} ha un valore non supportato.',
  'pull.progress.reading': '{table}: lettura della tabella…',
  'pull.progress.fetching': '{table}: pagina {page} di {pages}, {rows} di {total} righe scaricate',
  'pull.progress.verifying': '{table}: verifica del numero di righe e della somma con il servizio',
  'pull.progress.writing': '{table}: {rows} di {total} righe scritte',
  'pull.progress.done': '{table}: {rows} righe aggiornate',
  'pull.fallback.mismatch': '{table} non corrispondeva al servizio ({actualCount} di {expectedCount} righe, somma {actualSum} invece di {expectedSum}), ad esempio dopo delle eliminazioni: è stata scaricata per intero.',
  'pull.fallback.tableMissing': '{table} non è stata trovata nella cartella di lavoro: è stata scaricata per intero.',
  'pull.fallback.layoutChanged': 'Le colonne di {table} sono state modificate: è stata scaricata per intero.',
  'pull.fallback.cellProblems': '{table} contiene {count} celle che non si possono rileggere (ad esempio testo in una colonna di importi): è stata scaricata per intero.',
  'pull.warning.incomplete': '{table}: il servizio è cambiato durante lo scaricamento ({actualCount} di {expectedCount} righe, somma {actualSum} invece di {expectedSum}). Aggiornare di nuovo per sicurezza.',
  'pull.error.noState': '{table} non è ancora stata scaricata in questa cartella di lavoro, quindi non può essere aggiornata.',
  'pull.error.noCompanies': 'Scegliere almeno un\'azienda del gruppo di cui scaricare le fatture.',
};

export const catalogs: Record<Language, Catalog> = { de, en, it };
