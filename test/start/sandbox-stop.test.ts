/**
 * `npm run sandbox` (and `npm run proxy`) stopped by a signal to npm alone (an editor's stop button, `kill <pid>`),
 * not by Ctrl+C to the whole terminal: no process of it stays behind holding the port.
 */
import { execFileSync, spawn } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(__dirname, '../..');

/** The live (not zombie) processes of process group `group`. */
function liveMembers(group: number): string[] {
  let listing: string;
  try {
    listing = execFileSync('ps', ['-o', 'stat=,args=', '-g', String(group)], { encoding: 'utf8' });
  } catch {
    return []; // ps exits 1 when the group is empty
  }
  return listing
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('Z'));
}

async function until(condition: () => boolean, what: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(what());
    await new Promise((r) => setTimeout(r, 100));
  }
}

test.each([
  ['sandbox', ['--port', '0']],
  ['proxy', ['--port', '0', '--target', 'http://127.0.0.1:9']],
])(
  'SIGTERM to `npm run %s` leaves no child process',
  async (script, options) => {
    const npm = spawn('npm', ['run', script, '--', ...options], { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const group = npm.pid ?? 0;
    try {
      await until(
        () => /listening on http/.test(output),
        () => `npm run ${script} did not come up:\n${output}`,
      );
      const url = /listening on (http:\/\/[^\s,]+)/.exec(output)?.[1] ?? '';
      npm.kill('SIGTERM');
      await until(
        () => liveMembers(group).length === 0,
        () => `left running:\n${liveMembers(group).join('\n')}\n\nits output:\n${output}`,
      );
      await expect(fetch(`${url}/`)).rejects.toThrow();
    } finally {
      if (liveMembers(group).length > 0) process.kill(-group, 'SIGKILL');
    }
  },
  60_000,
);
