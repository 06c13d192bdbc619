/**
 * Another user's edits for a refresh to find: `count` transactions of the newest page given another category with one
 * `PATCH /transactions/` (plain fetch, its own token: not the add-in's client, not among its requests). The categories
 * are those other transactions of the page carry (leaf categories of the company), never the default one.
 */
import type { Credentials } from './pull';

interface PageTransaction {
  id: number;
  category: { id: number; name: string };
}

async function token(url: string, credentials: Credentials): Promise<string> {
  const answer = await fetch(`${url}/auth/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'client_credentials', client_id: credentials.clientId, client_secret: credentials.clientSecret }),
  });
  return ((await answer.json()) as { access_token: string }).access_token;
}

/** The new `Category Id` of each changed transaction, by id. */
export async function recategorize(url: string, credentials: Credentials, count: number): Promise<Map<number, number>> {
  const authorization = `Bearer ${await token(url, credentials)}`;
  const page = await fetch(`${url}/transactions/extended/?page=1&page_size=1000`, { headers: { authorization } });
  const transactions = ((await page.json()) as { results: PageTransaction[] }).results.filter((t) => !t.category.name.startsWith('Nicht'));
  const categories = [...new Set(transactions.map((t) => t.category.id))];
  const changes = new Map<number, number>();
  for (const t of transactions.slice(0, count)) {
    const other = categories.find((c) => c !== t.category.id && (t.id + c) % 3 === 0) ?? categories.find((c) => c !== t.category.id);
    if (other !== undefined) changes.set(t.id, other);
  }
  const answer = await fetch(`${url}/transactions/`, {
    method: 'PATCH',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify([...changes].map(([id, category]) => ({ id, category }))),
  });
  if (!answer.ok) throw new Error(`PATCH /transactions/ answered ${answer.status}: ${await answer.text()}`);
  return changes;
}
