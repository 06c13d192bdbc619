import type { Account } from '../../../src/api';
import { accountList } from '../../../src/sync/import/add-import-table';
import { account } from '../../api/support/fixtures';

const named = (id: number, name: string): Account => ({ ...account(id), name }) as unknown as Account;

describe("the Import table's account list", () => {
  it('leaves out names a list source would read as a formula, and names with a comma; keeps the others', () => {
    const list = accountList(
      [
        named(1, '=WEBSERVICE("http://evil.invalid/")'),
        named(2, 'Kasse'),
        named(3, "=cmd|' /C calc'!A0"),
        named(4, '+41 Konto'),
        named(5, '-1500'),
        named(6, '@SUM(A1)'),
        named(7, 'Bank, alt'),
        named(8, 'Festgeld'),
      ],
      'en',
    );
    expect(list.names).toEqual(['Kasse', 'Festgeld']);
    expect(list.prompt.message).not.toContain('=');
  });
});
