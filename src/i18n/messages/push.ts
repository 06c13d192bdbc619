/** Messages of the push (src/sync/push). */

export const en = {
  'push.error.cleared': '{column}: this value cannot be emptied. Enter a value, or undo the change in this cell.',
} as const;

type Catalog = Record<keyof typeof en, string>;

export const de: Catalog = {
  'push.error.cleared': '{column}: Dieser Wert darf nicht leer sein. Bitte einen Wert eingeben oder die Änderung in dieser Zelle zurücknehmen.',
};

export const it: Catalog = {
  'push.error.cleared': '{column}: questo valore non può essere vuoto. Inserisci un valore o annulla la modifica in questa cella.',
};
