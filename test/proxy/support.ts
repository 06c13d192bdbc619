/** Loopback helpers for the proxy tests: raw HTTP request lines, and servers that count what reaches them. */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { startProxy, type ProxyOptions, type RunningProxy } from '../../src/proxy';

/** Sends `head` (the request line and headers, CRLF-separated, without the final blank line) as is; the status line's code. */
export function rawRequest(url: string, head: string): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(`${head}\r\nConnection: close\r\n\r\n`));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text }));
  });
}

export interface CountingServer {
  url: string;
  /** `host:port`, as an error names it. */
  host: string;
  /** `METHOD url` of every request that arrived (`METHOD url body` with `recordBodies`). */
  requests: string[];
  /** Connections opened, requests or not. */
  readonly connections: number;
  close(): Promise<void>;
}

export interface CountingServerOptions {
  /** The JSON every request is answered with (default `{"ok":true}`). */
  answer?: string;
  /** Keep each request's body in `requests` too. */
  recordBodies?: boolean;
}

/** A server that answers every request 200 with `answer` and records it, and every connection. */
export async function countingServer(options: CountingServerOptions = {}): Promise<CountingServer> {
  const requests: string[] = [];
  const answer = options.answer ?? '{"ok":true}';
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push(
        options.recordBodies
          ? `${request.method} ${request.url} ${Buffer.concat(chunks).toString('utf8')}`
          : `${request.method} ${request.url}`,
      );
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(answer);
    });
  });
  const state = { connections: 0 };
  server.on('connection', () => (state.connections += 1));
  server.on('connect', (request, socket) => {
    requests.push(`CONNECT ${request.url}`);
    socket.end('HTTP/1.1 200 Connection Established\r\n\r\n');
  });
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

/** A proxy on a random loopback port whose log lines are kept in `log`. */
export async function loggedProxy(options: Omit<ProxyOptions, 'log' | 'port'>): Promise<{ proxy: RunningProxy; log: string[] }> {
  const log: string[] = [];
  const proxy = await startProxy({ ...options, port: 0, log: (line) => log.push(line) });
  return { proxy, log };
}

/**
 * Opens a connection, writes `text` as is (maybe an unfinished request) and leaves it open: `closed` resolves with all
 * the server sent once the server closes it (what a test of a server-side timeout or a connection cap waits for).
 */
export function openConnection(url: string, text = ''): { closed: Promise<string>; end(): void } {
  const { hostname, port } = new URL(url);
  let received = '';
  const socket = connect(Number(port), hostname.replace(/^\[|\]$/g, ''), () => {
    if (text !== '') socket.write(text);
  });
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  const closed = new Promise<string>((resolve) => {
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(received));
  });
  return { closed, end: () => socket.destroy() };
}
