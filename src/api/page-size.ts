/** Page sizes: the service allows 1 to 1000; bulk pulls use 1000. */
export const MAX_PAGE_SIZE = 1000;
export const DEFAULT_BULK_PAGE_SIZE = 1000;

/** Whole number in 1..1000; larger values are capped client-side (the service would do the same). */
export function normalizePageSize(pageSize: number | undefined, fallback: number = DEFAULT_BULK_PAGE_SIZE): number {
  if (pageSize === undefined || !Number.isFinite(pageSize)) return fallback;
  return Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(pageSize)));
}
