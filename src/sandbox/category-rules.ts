/** Which categories a budget, invoice or transaction may be mapped to. */
import type { MessageKey } from './messages';
import type { Store } from './store';

export function categoryOfCompany(store: Store, companyId: number): (id: number) => boolean {
  return (id) => store.categories.get(id)?.companyId === companyId;
}

/** null when the category can take mappings; otherwise the message explaining why not. */
export function categoryProblem(store: Store, id: number): MessageKey | null {
  const category = store.categories.get(id);
  if (!category) return 'notLeafCategory';
  if (category.isDefault) return 'defaultCategory';
  return store.isMappable(category) ? null : 'notLeafCategory';
}
