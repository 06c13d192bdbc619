/** An invoice row's category before sending (api-spec rule 8): a leaf the service maps to, or the row waits. */
import type { Category } from '../../../src/api';
import { checkInvoiceRows } from '../../../src/sync/push/invoice-row-check';
import { category } from '../../api/support/fixtures';

const categories = [
  category(1),
  category(2, 1),
  { ...category(3), is_default: true },
  { ...category(4), is_category: false },
] as unknown as Category[];

function check(categoryId: number) {
  const [result] = checkInvoiceRows([{ id: 70, externalId: null, position: 0, fields: { id: 70, category: categoryId } }], {
    categories,
    baseline: new Map([[70, { id: 70, category: 2 }]]),
    columnOf: () => 'Category Id',
    language: 'en',
  });
  return result;
}

test('a leaf goes; a parent, a system category and one that takes no mappings wait, each saying why', () => {
  expect(check(2)).toMatchObject({ ok: true });
  expect(check(1)).toMatchObject({ ok: false, problems: [{ field: 'category', message: expect.stringContaining('has subcategories') }] });
  for (const id of [3, 4])
    expect(check(id)).toMatchObject({
      ok: false,
      problems: [{ field: 'category', column: 'Category Id', message: expect.stringContaining(`category ${id} takes no mappings`) }],
    });
});
