/**
 * "The other host" of the redirect tests: a tiny HTTP server on 127.0.0.1 that answers every request with a
 * token-shaped JSON body (what an attacker's server would hand out) and records what reached it: connections,
 * request lines and bodies. A test asserts it received nothing.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const OTHER_HOST_TOKEN = 'token-from-the-other-host-0123456789';

export interface OtherHost {
  url: string;
  /** `host:port`, as an error names it. */
  host: string;
  /** `METHOD url body` of every request that arrived. */
  requests: string[];
  /** Connections opened, requests or not. */
  readonly connections: number;
  close(): Promise<void>;
}

export async function startOtherHost(): Promise<OtherHost> {
  const requests: string[] = [];
  const state = { connections: 0 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push(`${request.method} ${request.url} ${Buffer.concat(chunks).toString('utf8')}`);
      const body = JSON.stringify({
        access_token: OTHER_HOST_TOKEN,
        token_type: 'bearer',
        refresh_token: 'refresh-from-the-other-host',
        expires_in: 300,
        refresh_expires_in: 1209600,
        scope: 'all',
      });
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
    });
  });
  server.on('connection', () => (state.connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    requests,
    get connections() {
      return state.connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
