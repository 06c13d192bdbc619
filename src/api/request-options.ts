/** Options every client method accepts. */
export interface RequestOptions {
  /** Cancels the call (and any retry wait); the method then rejects with `ApiUserAbortError`. */
  signal?: AbortSignal;
}

/** Explicit page selection for single-page calls. */
export interface PageParams {
  page?: number;
  /** 1..1000; larger values are capped to 1000. Omitted: the service's default (100). */
  page_size?: number;
}
