/** Issue #25 item 13: the sandbox lets go of a client that never finishes its request (408, connection closed). */
import { startSandbox } from '../../src/sandbox';
import { openConnection } from '../proxy/support';

describe('the sandbox request timeout', () => {
  it.each([
    ['headers', (port: string) => `GET /categories/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`],
    [
      'body',
      (port: string) =>
        `POST /auth/token/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"client_id":`,
    ],
  ])('a client that never sends all of its %s is answered 408 and let go', async (_what, head) => {
    const sandbox = await startSandbox({ port: 0, transactions: 0, requestTimeoutMs: 300 });
    try {
      const received = await openConnection(sandbox.url, head(new URL(sandbox.url).port)).closed;
      expect(received).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      await sandbox.close();
    }
  });
});
