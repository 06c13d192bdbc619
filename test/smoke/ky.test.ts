import http from 'node:http';
import ky from 'ky';
import Fastify from 'fastify';

test('ky loads under jest and talks to a loopback server', async () => {
  const server = http.createServer((_req, res) => { res.setHeader('content-type', 'application/json'); res.end('{"a":1}'); });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  const body = await ky.get(`http://127.0.0.1:${port}/x/`).json<{ a: number }>();
  expect(body.a).toBe(1);
  server.close();
  const app = Fastify();
  app.get('/y/', async () => ({ b: 2 }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address() as { port: number };
  expect(await ky.get(`http://127.0.0.1:${addr.port}/y/`).json()).toEqual({ b: 2 });
  await app.close();
});
