import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

const root = resolve(__dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

describe('npm start, a port in use', () => {
  test.each(['DEV_SERVER_PORT', 'SANDBOX_PORT', 'PROXY_PORT'])(
    '%s: one line naming the variable, no stack trace',
    async (variable) => {
      const taken = createServer();
      await new Promise<void>((done) => taken.listen(0, 'localhost', done));
      const { port } = taken.address() as { port: number };
      const ports: Record<string, string> = {
        DEV_SERVER_PORT: String(await freePort()),
        SANDBOX_PORT: String(await freePort()),
        PROXY_PORT: String(await freePort()),
      };
      ports[variable] = String(port);
      try {
        const started = spawn(process.execPath, [require.resolve('tsx/cli'), 'scripts/start.ts'], {
          cwd: root,
          env: { ...process.env, CASHFLOW_HTTP: '1', ...ports },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let errors = '';
        started.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
        const code = await new Promise((done) => started.once('exit', done));
        expect(code).toBe(1);
        expect(errors.trim().split('\n')).toEqual([
          `Port ${port} is in use: stop what listens there, or choose another port, e.g. ${variable}=${port + 1} npm start`,
        ]);
      } finally {
        taken.close();
      }
    },
    60_000,
  );
});

describe('npm start', () => {
  let child: ChildProcess | undefined;
  let output = '';
  afterAll(() => {
    child?.kill('SIGTERM');
  });

  test('serves the sandbox with the demo credentials, the CORS proxy to it and the task pane side by side', async () => {
    const [devPort, sandboxPort, proxyPort] = [await freePort(), await freePort(), await freePort()];
    child = spawn(process.execPath, [require.resolve('tsx/cli'), 'scripts/start.ts'], {
      cwd: root,
      env: {
        ...process.env,
        CASHFLOW_HTTP: '1',
        SANDBOX_PORT: String(sandboxPort),
        PROXY_PORT: String(proxyPort),
        DEV_SERVER_PORT: String(devPort),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 200_000; // the first build: ~30 s alone, over 80 s on a loaded 2-core machine
    while (!/compiled successfully/.test(output) || !/Cash-Flow Planner for Excel is running/.test(output)) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`npm start did not come up:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    // The address comes once the page is served (the first build done), never before: opened then, it answers at once.
    expect(output.indexOf('compiled successfully')).toBeLessThan(output.indexOf('/preview.html'));
    expect(output).toContain(`http://127.0.0.1:${sandboxPort}`);
    expect(output).toContain('demo-company / demo-secret');

    // In this order: the preview first (one click to see the product), the sandbox with its demo credentials, Excel on
    // the web, Excel desktop on Windows and Mac.
    const at = (pattern: RegExp): number => {
      const index = output.search(pattern);
      expect(index).toBeGreaterThanOrEqual(0);
      return index;
    };
    const order = [
      at(
        new RegExp(
          `http://localhost:${devPort}/preview\\.html\\?sandbox=${encodeURIComponent(`http://127.0.0.1:${sandboxPort}`).replace(/[.%]/g, '\\$&')}`,
        ),
      ),
      at(/Sandbox service:/),
      at(/demo-company \/ demo-secret/),
      at(/Excel on the web: .*Upload my add-in/),
      at(new RegExp(`npx office-addin-debugging start \\S*manifest-localhost-${devPort}\\.xml desktop`)),
      at(/Windows, share a folder/),
      at(/Library\/Containers\/com\.microsoft\.Excel\/Data\/Documents\/wef/),
    ];
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // On a port other than 3000 the manifest to sideload is a copy naming it (manifest.xml names 3000).
    const copy = /choose (\S*manifest-localhost-\d+\.xml)\./.exec(output)?.[1] ?? '';
    const manifest = readFileSync(copy, 'utf8');
    expect(manifest).toContain(`https://localhost:${devPort}/taskpane.html`);
    expect(manifest).not.toContain('https://localhost:3000');
    const preview = await fetch(`http://localhost:${devPort}/preview.html`);
    expect(preview.status).toBe(200);
    expect(await preview.text()).toMatch(/preview\.js/);
    const previewPane = await fetch(`http://localhost:${devPort}/preview-pane.html`);
    expect(await previewPane.text()).toMatch(/preview-bridge\.js[\s\S]*taskpane\.js/);

    const pane = await fetch(`http://localhost:${devPort}/taskpane.html`);
    expect(pane.status).toBe(200);
    expect(await pane.text()).toContain('office-js/office.js');
    const functions = await fetch(`http://localhost:${devPort}/functions.json`);
    expect(functions.headers.get('access-control-allow-origin')).toBe('*');

    const token = await fetch(`http://127.0.0.1:${sandboxPort}/auth/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: 'demo-company', client_secret: 'demo-secret' }),
    });
    expect(token.status).toBe(200);

    expect(output).toContain(`CORS proxy → sandbox: http://127.0.0.1:${proxyPort}`);
    const { access_token: accessToken } = (await token.json()) as { access_token: string };
    const origin = `http://localhost:${devPort}`;
    const throughProxy = await fetch(`http://127.0.0.1:${proxyPort}/categories/`, {
      headers: { origin, authorization: `Bearer ${accessToken}` },
    });
    expect(throughProxy.status).toBe(200);
    expect(throughProxy.headers.get('access-control-allow-origin')).toBe(origin);
    const direct = await fetch(`http://127.0.0.1:${sandboxPort}/categories/`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(await throughProxy.json()).toEqual(await direct.json());
  }, 240_000);

  test('Ctrl+C closes the proxy with the rest', async () => {
    const proxyPort = Number(/CORS proxy → sandbox: http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1]);
    const ended = child?.exitCode === null ? new Promise((resolve) => child?.once('exit', resolve)) : Promise.resolve();
    child?.kill('SIGINT');
    await ended;
    await expect(fetch(`http://127.0.0.1:${proxyPort}/categories/`)).rejects.toThrow();
  }, 30_000);
});
