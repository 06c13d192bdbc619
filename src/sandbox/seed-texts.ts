/** Names and texts the demo data is made of: German and Italian counterparts, purposes, and hostile cell texts. */
export const CUSTOMERS = [
  'Müller & Söhne GmbH',
  'Bäckerei Weißbrot KG',
  'Schröder Maschinenbau AG',
  'Fischer Logistik GmbH',
  'Öko-Strom Süd eG',
  'Ristorante Da Giuseppe S.r.l.',
  'Ferrari Forniture S.p.A.',
  'Tessitura Bianchi & Figli',
  'Caffè Torrefazione Rossi',
  'Studio Legale Esposito',
  'Hoffmann IT-Beratung',
  'Zürcher Präzisionstechnik AG',
  'Gärtnerei Blütenzauber',
  'Autohaus König e.K.',
  'Farmacia Santa Lucìa',
];

export const SUPPLIERS = [
  'Stadtwerke Köln GmbH',
  'Deutsche Telekom AG',
  'Techniker Krankenkasse',
  'Finanzamt Köln-Mitte',
  'Immobilien Weber GbR',
  'Büroservice Straßburger',
  'Enel Energia S.p.A.',
  'TIM S.p.A.',
  'Agenzia delle Entrate',
  'Microsoft Ireland Operations Ltd',
  'Allianz Versicherungs-AG',
  'Großhandel Schäfer & Co.',
  'Lufthansa AG',
  'Google Ireland Ltd',
  'Messe Düsseldorf GmbH',
];

export const EMPLOYEES = ['Anna Schmidt', 'Jürgen Weiß', 'Giulia Conti', 'Luca Romano', 'Sören Köhler', 'Chiara Ricci'];

export const INCOME_PURPOSES = [
  'Rechnung {ref} vom {date}',
  'Zahlung Rechnung {ref}',
  'Fattura n. {ref} del {date}',
  'Bonifico saldo fattura {ref}',
  'Gutschrift Überweisung {ref}',
  'Anzahlung Auftrag {ref}',
];

export const EXPENSE_PURPOSES = [
  'SEPA-Lastschrift Mandat {ref}',
  'Miete {month}/{year}',
  'Gehalt {month}/{year}',
  'Stipendio {month}/{year}',
  'Abschlag Strom {month}/{year}',
  'Pagamento fattura {ref}',
  'Kartenzahlung {date}',
  'Umsatzsteuer-Vorauszahlung {month}/{year}',
  'Lizenzgebühr {year} – Software',
  'Spese di trasporto {ref}',
];

/** Texts that a spreadsheet would turn into formulas or numbers if written carelessly. */
export const HOSTILE_TEXTS = ['=HYPERLINK("http://x","y")', '+41 44 000 00 00', '@SUM(A1)', '-1500', '=1+1'];

export const TAGS = ['Projekt Alpha', 'Q1', 'Marketing', 'Fördermittel', 'Reise', 'Progetto Milano'];

export const INVOICE_NOTES = ['', '', 'Skonto 2 % bei Zahlung binnen 10 Tagen', 'Pagamento a 30 giorni', 'Mahnung versendet'];
