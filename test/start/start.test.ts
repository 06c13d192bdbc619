import { spawn, type ChildProcess } from 'node:child_process';
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

describe('npm start', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill('SIGTERM');
  });

  test('serves the sandbox with the demo credentials and the task pane side by side', async () => {
    const [devPort, sandboxPort] = [await freePort(), await freePort()];
    child = spawn(process.execPath, [require.resolve('tsx/cli'), 'scripts/start.ts'], {
      cwd: root,
      env: { ...process.env, CASHFLOW_HTTP: '1', SANDBOX_PORT: String(sandboxPort), npm_package_config_dev_server_port: String(devPort) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 90_000;
    while (!/compiled successfully/.test(output) || !/is running/.test(output)) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`npm start did not come up:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(output).toContain(`http://127.0.0.1:${sandboxPort}`);
    expect(output).toContain('demo-company / demo-secret');

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
  }, 120_000);
});
