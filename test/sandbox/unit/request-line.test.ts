/**
 * The sandbox answers a request line over 4,094 bytes like the service's server (gunicorn's default
 * `limit_request_line`): 400, an HTML page, before routing, authentication and CORS.
 */
import http from 'node:http';
import { startSandbox } from '../../../src/sandbox';
import { MAX_REQUEST_LINE_BYTES, requestLineBytes } from '../../../src/sandbox/request-line';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, transactions: 10 });
});
afterAll(async () => {
  await sandbox.close();
});

/** A GET whose request line is exactly `bytes` long (padding in a query parameter). */
function getWithLine(bytes: number): Promise<{ status: number; type: string; body: string }> {
  const url = new URL(sandbox.url);
  const prefix = `${url.pathname.replace(/\/$/, '')}/forecast/budgets/?ids=`;
  const pad = bytes - requestLineBytes('GET', prefix);
  const target = prefix + '1'.repeat(pad);
  expect(requestLineBytes('GET', target)).toBe(bytes);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: url.hostname, port: url.port, path: target, method: 'GET' }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type'] ?? ''), body }));
    });
    request.on('error', reject);
    request.end();
  });
}

test('a request line of 4,094 bytes is served; 4,095 bytes get 400 "Request Line is too large" as HTML, before authentication', async () => {
  const fits = await getWithLine(MAX_REQUEST_LINE_BYTES);
  // Reached the service: refused for the missing token (JSON), not for its length.
  expect([401, 403]).toContain(fits.status);
  expect(fits.type).toMatch(/application\/json/);
  const over = await getWithLine(MAX_REQUEST_LINE_BYTES + 1);
  expect(over.status).toBe(400);
  expect(over.type).toMatch(/text\/html/);
  expect(over.body).toContain('Request Line is too large (4095 &gt; 4094)');
});
