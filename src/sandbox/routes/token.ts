/** POST /auth/token/: client credentials grant. */
import type { TokenRegistry } from '../auth';
import { defineRoute, type Route } from '../router';

export function tokenRoutes(tokens: TokenRegistry): Route[] {
  return [
    defineRoute('/auth/token/', {
      POST: { scope: 'public', run: ({ body, now, lang }) => ({ status: 200, body: tokens.issue(body, now, lang) }) },
    }),
  ];
}
