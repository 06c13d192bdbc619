/**
 * The request-line cap of the service's HTTP server. The spec names none, but the service runs behind a server
 * with gunicorn's default `limit_request_line` of 4,094 bytes: a longer `METHOD target HTTP/1.1` line is answered
 * 400 with an HTML page "Request Line is too large (N > 4094)", before routing, authentication or CORS (so a
 * browser sees no CORS header either). A client that puts 1,000 ids into one query meets it.
 */

export const MAX_REQUEST_LINE_BYTES = 4094;

/** The request line's length in bytes (method, target as sent, protocol). */
export function requestLineBytes(method: string, url: string, httpVersion = '1.1'): number {
  return Buffer.byteLength(`${method} ${url} HTTP/${httpVersion}`, 'latin1');
}

export function requestLineTooLarge(method: string, url: string, httpVersion?: string): { bytes: number; body: string } | undefined {
  const bytes = requestLineBytes(method, url, httpVersion);
  if (bytes <= MAX_REQUEST_LINE_BYTES) return undefined;
  return {
    bytes,
    body: `<html>\n  <head>\n    <title>Bad Request</title>\n  </head>\n  <body>\n    <h1><p>Bad Request</p></h1>\n    Request Line is too large (${bytes} &gt; ${MAX_REQUEST_LINE_BYTES})\n  </body>\n</html>\n`,
  };
}
