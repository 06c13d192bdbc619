/** GET /categories/ and GET /plans/: plain arrays, not paginated. */
import { companyOf } from '../request-context';
import { defineRoute, type Route } from '../router';
import { categoryJson, planJson } from '../serializers/category';

export function catalogRoutes(): Route[] {
  return [
    defineRoute('/categories/', {
      GET: {
        scope: 'company',
        run: ({ store, principal }) => {
          const companyId = companyOf(principal);
          const list = [...store.categories.values()]
            .filter((c) => c.companyId === companyId)
            .sort((a, b) => a.treeId - b.treeId || a.lft - b.lft);
          return { status: 200, body: list.map((c) => categoryJson(store, c)) };
        },
      },
    }),
    defineRoute('/plans/', {
      GET: {
        scope: 'company',
        run: ({ store, principal }) => ({ status: 200, body: store.plansOf(companyOf(principal)).map(planJson) }),
      },
    }),
  ];
}
