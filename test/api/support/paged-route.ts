import { pageBody } from './fixtures';
import type { Handler, RecordedRequest } from './test-server';

/**
 * A paginated list over `rows` the way the service pages: `page_size` default 100, capped at 1000,
 * `next` links on another host. `wrap` shapes `results` (invoices/budgets nest them).
 */
export function pagedRoute(
  path: string,
  rows: () => unknown[],
  options: { extra?: (rows: unknown[]) => Record<string, unknown>; wrap?: (items: unknown[]) => unknown; delayMs?: number } = {},
): Handler {
  return (req: RecordedRequest) => {
    const all = rows();
    const page = Number(req.query.get('page') ?? '1');
    const size = Math.min(1000, Number(req.query.get('page_size') ?? '100'));
    const last = Math.max(1, Math.ceil(all.length / size));
    if (page > last) return { status: 404, body: { detail: 'Ungültige Seite.' } };
    const items = all.slice((page - 1) * size, page * size);
    return {
      delayMs: options.delayMs ?? 0,
      body: pageBody(path, page, size, all.length, options.wrap ? options.wrap(items) : items, options.extra?.(all) ?? {}),
    };
  };
}
