/** Localized messages of the sandbox (de default, en, it), worded after Django REST framework where it has one. */
export type Language = 'de' | 'en' | 'it';

export const LANGUAGES: readonly Language[] = ['de', 'en', 'it'];

type Entry = Record<Language, string>;

const entries = {
  notAuthenticated: {
    de: 'Authentication credentials were not provided.',
    en: 'Authentication credentials were not provided.',
    it: 'Authentication credentials were not provided.',
  },
  invalidToken: {
    de: 'Das Zugriffstoken ist ungültig oder abgelaufen.',
    en: 'The access token is invalid or has expired.',
    it: 'Il token di accesso non è valido o è scaduto.',
  },
  invalidClient: {
    de: 'Ungültige Client-Zugangsdaten.',
    en: 'Invalid client credentials.',
    it: 'Credenziali client non valide.',
  },
  missingClient: {
    de: 'grant_type, client_id und client_secret sind erforderlich.',
    en: 'grant_type, client_id and client_secret are required.',
    it: 'grant_type, client_id e client_secret sono obbligatori.',
  },
  unsupportedGrantType: {
    de: 'Nicht unterstützter grant_type "{grant_type}"; verwende client_credentials.',
    en: 'Unsupported grant_type "{grant_type}"; use client_credentials.',
    it: 'grant_type "{grant_type}" non supportato; usa client_credentials.',
  },
  billingPlanDenied: {
    de: 'Ihr Tarif umfasst diese Funktion nicht.',
    en: 'Your plan does not include this function.',
    it: 'Il suo piano non include questa funzione.',
  },
  groupNotBound: {
    de: 'Gruppen-Zugangsdaten sind an keine einzelne Firma gebunden: verwende /banks/, /accounts/ oder /companies/{company_id}/invoices/.',
    en: 'Group credentials are not bound to one company: use /banks/, /accounts/ or /companies/{company_id}/invoices/.',
    it: 'Le credenziali di gruppo non sono legate a una sola azienda: usa /banks/, /accounts/ o /companies/{company_id}/invoices/.',
  },
  notFound: { de: 'Nicht gefunden.', en: 'Not found.', it: 'Non trovato.' },
  methodNotAllowed: {
    de: 'Methode "{method}" nicht erlaubt.',
    en: 'Method "{method}" not allowed.',
    it: 'Metodo "{method}" non consentito',
  },
  invalidPage: { de: 'Ungültige Seite.', en: 'Invalid page.', it: 'Pagina non valida.' },
  throttled: {
    de: 'Die Anfrage wurde gedrosselt. Erneut möglich in {wait} Sekunden.',
    en: 'Request was throttled. Expected available in {wait} seconds.',
    it: 'La richiesta è stata limitata. Disponibile tra {wait} secondi.',
  },
  parseError: {
    de: 'JSON-Parse-Fehler - {error}',
    en: 'JSON parse error - {error}',
    it: 'Errore di parsing JSON - {error}',
  },
  unsupportedMediaType: {
    de: 'Nicht unterstützter Medientyp "{media_type}" in der Anfrage.',
    en: 'Unsupported media type "{media_type}" in request.',
    it: 'Tipo di media "{media_type}" non supportato nella richiesta.',
  },
  bodyTooLarge: {
    de: 'Der Anfrageinhalt ist zu groß.',
    en: 'The request body is too large.',
    it: 'Il corpo della richiesta è troppo grande.',
  },
  required: { de: 'Dieses Feld ist zwingend erforderlich.', en: 'This field is required.', it: 'Campo obbligatorio.' },
  notNull: { de: 'Dieses Feld darf nicht null sein.', en: 'This field may not be null.', it: 'Questo campo non può essere nullo.' },
  blank: { de: 'Dieses Feld darf nicht leer sein.', en: 'This field may not be blank.', it: 'Questo campo non può essere omesso.' },
  invalidString: { de: 'Kein gültiger String.', en: 'Not a valid string.', it: 'Stringa non valida.' },
  maxLength: {
    de: 'Stellen Sie sicher, dass dieses Feld nicht mehr als {max_length} Zeichen lang ist.',
    en: 'Ensure this field has no more than {max_length} characters.',
    it: 'Assicurati che questo campo non abbia più di {max_length} caratteri.',
  },
  invalidNumber: { de: 'Eine gültige Zahl ist erforderlich.', en: 'A valid number is required.', it: 'È richiesto un numero valido.' },
  invalidInteger: {
    de: 'Eine gültige Ganzzahl ist erforderlich.',
    en: 'A valid integer is required.',
    it: 'È richiesto un numero intero valido.',
  },
  invalidBoolean: { de: 'Muss ein gültiger Wahrheitswert sein.', en: 'Must be a valid boolean.', it: 'Deve essere un booleano valido.' },
  maxDigits: {
    de: 'Stelle sicher, dass es insgesamt nicht mehr als {max_digits} Ziffern lang ist.',
    en: 'Ensure that there are no more than {max_digits} digits in total.',
    it: 'Assicurati che non ci siano più di {max_digits} cifre in totale.',
  },
  maxDecimalPlaces: {
    de: 'Stelle sicher, dass es nicht mehr als {max_decimal_places} Nachkommastellen lang ist.',
    en: 'Ensure that there are no more than {max_decimal_places} decimal places.',
    it: 'Assicurati che non ci siano più di {max_decimal_places} cifre decimali.',
  },
  maxWholeDigits: {
    de: 'Stelle sicher, dass es nicht mehr als {max_whole_digits} Stellen vor dem Komma lang ist.',
    en: 'Ensure that there are no more than {max_whole_digits} digits before the decimal point.',
    it: 'Assicurati che non ci siano più di {max_whole_digits} cifre prima della virgola.',
  },
  invalidDate: {
    de: 'Datum hat das falsche Format. Verwende stattdessen eines dieser Formate: YYYY-MM-DD.',
    en: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
    it: "L'oggetto data ha un formato errato. Usa uno dei seguenti formati: YYYY-MM-DD.",
  },
  invalidChoice: {
    de: '"{input}" ist keine gültige Option.',
    en: '"{input}" is not a valid choice.',
    it: '"{input}" non è una scelta valida.',
  },
  notAList: {
    de: 'Erwarte eine Liste von Elementen, erhielt aber den Typ "{input_type}".',
    en: 'Expected a list of items but got type "{input_type}".',
    it: 'Attesa una lista di elementi ma ricevuto il tipo "{input_type}".',
  },
  notADict: {
    de: 'Ungültige Daten. Dictionary erwartet, aber {datatype} erhalten.',
    en: 'Invalid data. Expected a dictionary, but got {datatype}.',
    it: 'Dati non validi. Era atteso un dizionario, ma si è ricevuto {datatype}.',
  },
  tooManyItems: {
    de: 'Stelle sicher, dass dieses Feld nicht mehr als {max_length} Elemente hat.',
    en: 'Ensure this field has no more than {max_length} elements.',
    it: 'Assicurati che il campo non abbia più di {max_length} elementi.',
  },
  doesNotExist: {
    de: 'Ungültiger pk "{pk_value}" - Objekt existiert nicht.',
    en: 'Invalid pk "{pk_value}" - object does not exist.',
    it: 'Pk "{pk_value}" non valido - l\'oggetto non esiste.',
  },
  incorrectPkType: {
    de: 'Falscher Typ. Erwarte pk-Wert, erhielt {data_type}.',
    en: 'Incorrect type. Expected pk value, received {data_type}.',
    it: 'Tipo non corretto. Era atteso un valore pk, ma si è ricevuto {data_type}.',
  },
  unique: { de: 'Dieses Feld muss eindeutig sein.', en: 'This field must be unique.', it: 'Questo campo deve essere unico.' },
  notLeafCategory: {
    de: 'Nur Kategorien ohne Unterkategorien (mit is_category = true) können zugeordnet werden.',
    en: 'Only leaf categories (with is_category = true) can be mapped.',
    it: 'Si possono assegnare solo categorie senza sottocategorie (con is_category = true).',
  },
  defaultCategory: {
    de: 'Systemkategorien können nicht zugeordnet werden.',
    en: 'System categories cannot be mapped.',
    it: 'Le categorie di sistema non possono essere assegnate.',
  },
  externalIdChars: {
    de: 'Die externe ID darf weder "." noch "/" enthalten.',
    en: 'The external ID must not contain "." or "/".',
    it: 'L\'ID esterno non può contenere "." o "/".',
  },
  valueDateMin: {
    de: 'Das Valutadatum muss am oder nach dem 2000-01-01 liegen.',
    en: 'The value date must be on or after 2000-01-01.',
    it: 'La data valuta deve essere uguale o successiva al 2000-01-01.',
  },
  interCategoryNeedsCompany: {
    de: 'inter_category ist nur zusammen mit inter_company gültig.',
    en: 'inter_category is only valid together with inter_company.',
    it: 'inter_category è valido solo insieme a inter_company.',
  },
  committedPlan: {
    de: 'Budgets eines festgeschriebenen Plans können nicht geändert oder gelöscht werden.',
    en: 'Budgets of a committed plan cannot be updated or deleted.',
    it: 'I budget di un piano consolidato non possono essere modificati o eliminati.',
  },
  accountLimit: {
    de: 'Die Anzahl der Konten Ihres Tarifs ({limit}) ist erreicht.',
    en: 'The number of accounts of your plan ({limit}) has been reached.',
    it: 'Il numero di conti del suo piano ({limit}) è stato raggiunto.',
  },
  offlineOnly: {
    de: 'Transaktionen können nur in Offline-Konten angelegt werden.',
    en: 'Transactions can only be created in offline accounts.',
    it: 'Le transazioni possono essere create solo nei conti offline.',
  },
  invoiceKeyMissing: {
    de: 'Jedes Element braucht id, source_id mit source oder reference.',
    en: 'Every item needs id, source_id with source, or reference.',
    it: 'Ogni elemento richiede id, source_id con source oppure reference.',
  },
  invoiceKeyMismatch: {
    de: 'Alle Elemente müssen denselben Schlüssel wie das erste Element verwenden ({key}).',
    en: 'Every item must use the same key as the first item ({key}).',
    it: 'Tutti gli elementi devono usare la stessa chiave del primo elemento ({key}).',
  },
  filterDate: { de: 'Bitte ein gültiges Datum eingeben.', en: 'Enter a valid date.', it: 'Inserisci una data valida.' },
  filterDateTime: {
    de: 'Bitte ein gültiges Datum und eine gültige Uhrzeit eingeben.',
    en: 'Enter a valid date/time.',
    it: 'Inserisci una data/ora valida.',
  },
  filterNumber: { de: 'Bitte eine Zahl eingeben.', en: 'Enter a number.', it: 'Inserisci un numero.' },
  filterInteger: { de: 'Bitte eine ganze Zahl eingeben.', en: 'Enter a whole number.', it: 'Inserisci un numero intero.' },
  filterChoice: {
    de: 'Bitte eine gültige Auswahl treffen. {value} ist keine gültige Auswahl.',
    en: 'Select a valid choice. {value} is not one of the available choices.',
    it: 'Seleziona una scelta valida. {value} non è tra quelle disponibili.',
  },
} satisfies Record<string, Entry>;

export type MessageKey = keyof typeof entries;

export const messages: Record<MessageKey, Entry> = entries;

/** The message `key` in `lang`, with `{name}` placeholders filled from `params`. */
export function t(lang: Language, key: MessageKey, params: Record<string, string | number> = {}): string {
  return messages[key][lang].replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

/** Picks de/en/it from an Accept-Language header by quality; German when nothing matches. */
export function languageFrom(header: string | undefined): Language {
  if (!header) return 'de';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q === undefined ? 1 : Number(q.slice(2));
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const entry of ranked) {
    if ((LANGUAGES as readonly string[]).includes(entry.base)) return entry.base as Language;
  }
  return 'de';
}
