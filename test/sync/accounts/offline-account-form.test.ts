import { emptyOfflineAccountForm, parseOfflineAccountForm, type OfflineAccountForm } from '../../../src/sync/accounts';

const FILLED: OfflineAccountForm = {
  ...emptyOfflineAccountForm('eur'),
  name: ' Kasse Köln ',
  bankName: 'Handkasse',
  iban: 'de89 3704 0044 0532 0130 00',
};

describe('the offline account form', () => {
  it('becomes the body of POST /accounts/: IBAN and currency normalized, empty optional fields left out', () => {
    expect(parseOfflineAccountForm(FILLED, 'de')).toEqual({
      ok: true,
      input: { bank: { name: 'Handkasse', bic: '' }, name: 'Kasse Köln', iban: 'DE89370400440532013000', currency: 'EUR' },
    });
  });

  it('reads amounts in the language of the pane and keeps them as decimal strings', () => {
    const form = {
      ...FILLED,
      bic: 'cobadeffxxx',
      alias: 'Kasse',
      holderName: 'Demo GmbH',
      typeName: 'Kasse',
      balance: '-1.234,50',
      overdraftLimit: '5.000',
    };
    expect(parseOfflineAccountForm(form, 'de')).toEqual({
      ok: true,
      input: {
        bank: { name: 'Handkasse', bic: 'COBADEFFXXX' },
        name: 'Kasse Köln',
        iban: 'DE89370400440532013000',
        currency: 'EUR',
        alias: 'Kasse',
        holder_name: 'Demo GmbH',
        type_name: 'Kasse',
        balance: '-1234.50',
        overdraft_limit: '5000',
      },
    });
    expect(parseOfflineAccountForm({ ...form, balance: '-1,234.50', overdraftLimit: '5,000' }, 'en')).toMatchObject({
      ok: true,
      input: { balance: '-1234.50', overdraft_limit: '5000' },
    });
  });

  it('names every problem on its field, in the language of the pane', () => {
    const form: OfflineAccountForm = {
      name: ' ',
      bankName: '',
      bic: 'COBA',
      iban: 'DE89 3704 0044 0532 0130 01',
      currency: 'EUX',
      alias: '',
      holderName: '',
      typeName: '',
      balance: '1,234.56',
      overdraftLimit: '-100',
    };
    const parsed = parseOfflineAccountForm(form, 'de');
    if (parsed.ok) throw new Error('accepted');
    expect(Object.fromEntries(parsed.problems.map((p) => [p.field, p.message]))).toEqual({
      name: 'Geben Sie einen Namen für das Konto ein.',
      bankName: 'Geben Sie die Bank ein oder das System, aus dem die Auszüge kommen.',
      bic: expect.stringContaining('8 oder 11'),
      iban: 'Die Prüfziffern stimmen nicht: ein Zeichen ist vertippt.',
      currency: expect.stringContaining('ISO-Währungscode'),
      balance: 'Geben Sie einen Betrag wie -1.234,56 ein.',
      overdraftLimit: 'Geben Sie die Kreditlinie als positiven Betrag ein.',
    });
  });

  it('asks for the IBAN and says what a wrong length is for the country', () => {
    const missing = parseOfflineAccountForm({ ...FILLED, iban: '' }, 'en');
    const short = parseOfflineAccountForm({ ...FILLED, iban: 'IT60X054281110100000012345' }, 'it');
    expect(missing).toEqual({ ok: false, problems: [{ field: 'iban', message: expect.stringContaining('Enter the IBAN') }] });
    expect(short).toEqual({ ok: false, problems: [{ field: 'iban', message: 'Un IBAN di IT ha 27 caratteri; questo ne ha 26.' }] });
  });

  it('takes only ISO 4217 codes, in any case', () => {
    expect(parseOfflineAccountForm({ ...FILLED, currency: 'chf ' }, 'en')).toMatchObject({ ok: true, input: { currency: 'CHF' } });
    for (const currency of ['DEM', 'ABC', 'EURO', '€', '']) expect(parseOfflineAccountForm({ ...FILLED, currency }, 'en').ok).toBe(false);
  });
});
