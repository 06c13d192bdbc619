/** `npm stop`: ends what `npm start` started (its pid is in .cache/start.pid). */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

const pidFile = resolve(__dirname, '..', '.cache', 'start.pid');
if (!existsSync(pidFile)) {
  console.log('Nothing to stop: npm start is not running.');
} else {
  const pid = Number(readFileSync(pidFile, 'utf8'));
  try {
    process.kill(pid, 'SIGTERM');
    console.log(`Stopped npm start (pid ${pid}).`);
  } catch {
    console.log('npm start had already ended.');
  }
  rmSync(pidFile, { force: true });
}
