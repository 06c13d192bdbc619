import { categoryTree } from '../../src/taskpane/state/category-tree';

const c = (id: number, name: string, parent: number | null, order = 0, is_obsolete = false) => ({ id, name, parent, order, is_obsolete });

test('the picker lists parents then their children, in the service order, each with its path and ancestors', () => {
  const tree = categoryTree([
    c(3, 'Salaries', 2),
    c(1, 'Income', null, 0),
    c(2, 'Personnel', 4),
    c(4, 'Expenses', null, 1),
    c(5, 'Bonus', 2, 0, true),
    c(6, 'Orphan', 99),
  ]);
  expect(tree.map((x) => [x.path.join(' › '), x.ancestors])).toEqual([
    ['Income', []],
    ['Orphan', []],
    ['Expenses', []],
    ['Expenses › Personnel', [4]],
    ['Expenses › Personnel › Salaries', [2, 4]],
  ]);
});

test('a kept child of an obsolete parent names it in its path', () => {
  expect(categoryTree([c(1, 'Old', null, 0, true), c(2, 'Kept', 1)]).map((x) => x.path)).toEqual([['Old', 'Kept']]);
});
