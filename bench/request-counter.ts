/**
 * The push benchmarks' request counter: a `fetch` that counts every request by kind (token, the reference reads,
 * reads by `ids=`, reads of one record, lists, each write method) and every answer that was not 2xx, and notes the
 * size of each read by `ids=` (ids and request-line bytes). The kinds are the same for every resource, so the rows
 * of `npm run bench push` read alike.
 */

export const KINDS = ['token', 'reference', 'idRead', 'oneRead', 'list', 'PATCH', 'POST', 'PUT', 'DELETE', 'other'] as const;
export type Kind = (typeof KINDS)[number];

export const KIND_LABELS: Record<Kind, string> = {
  token: 'token',
  reference: 'plans / categories / accounts',
  idRead: 'reads by ids (GET ?ids=)',
  oneRead: 'reads of one record (GET …/{id}/, …/external/{ext}/)',
  list: 'other lists',
  PATCH: 'PATCH',
  POST: 'POST',
  PUT: 'PUT',
  DELETE: 'DELETE',
  other: 'other',
};

export const WRITE_KINDS: readonly Kind[] = ['PATCH', 'POST', 'PUT', 'DELETE'];

export interface IdRead {
  ids: number;
  lineBytes: number;
}

export interface Counter {
  fetch: typeof fetch;
  byKind: Record<Kind, number>;
  total(): number;
  /** The writes (PATCH, POST, PUT, DELETE). */
  writes(): number;
  /** Answers that were not 2xx, by status (a retry shows up here and again in its kind). */
  failures: Map<number, number>;
  idReads: IdRead[];
  /** The items of each PATCH whose body was an array, in order. */
  patchItems: number[];
}

export function kindOf(method: string, url: URL): Kind {
  const path = url.pathname;
  if (path.endsWith('/auth/token/')) return 'token';
  if (method !== 'GET') return (WRITE_KINDS as readonly string[]).includes(method) ? (method as Kind) : 'other';
  if (url.searchParams.has('ids')) return 'idRead';
  if (/\/external\/[^/]+\/$/.test(path) || /\/\d+\/$/.test(path)) return 'oneRead';
  if (/\/(plans|categories|accounts)\//.test(path)) return 'reference';
  return 'list';
}

/** Items in a JSON array body (the client's requests carry it in the Request, or in `init`), undefined for any other body. */
async function arrayItems(request: Request | undefined, init: RequestInit | undefined): Promise<number | undefined> {
  const text = typeof init?.body === 'string' ? init.body : request === undefined ? undefined : await request.clone().text();
  if (text === undefined || !text.startsWith('[')) return undefined;
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? parsed.length : undefined;
}

export function counting(): Counter {
  const byKind = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;
  const failures = new Map<number, number>();
  const idReads: IdRead[] = [];
  const patchItems: number[] = [];
  return {
    byKind,
    failures,
    idReads,
    patchItems,
    total: () => Object.values(byKind).reduce((a, b) => a + b, 0),
    writes: () => WRITE_KINDS.reduce((n, k) => n + byKind[k], 0),
    fetch: async (input, init) => {
      const request = input instanceof Request ? input : undefined;
      const url = new URL(request?.url ?? String(input));
      const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
      const kind = kindOf(method, url);
      byKind[kind] += 1;
      if (kind === 'idRead') {
        idReads.push({
          ids: (url.searchParams.get('ids') ?? '').split(',').filter(Boolean).length,
          lineBytes: Buffer.byteLength(`GET ${url.pathname}${url.search} HTTP/1.1`, 'latin1'),
        });
      }
      const items = kind === 'PATCH' ? await arrayItems(request, init) : undefined;
      if (items !== undefined) patchItems.push(items);
      const answer = await fetch(input, init);
      if (!answer.ok) failures.set(answer.status, (failures.get(answer.status) ?? 0) + 1);
      return answer;
    },
  };
}
