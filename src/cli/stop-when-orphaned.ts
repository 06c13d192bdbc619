/**
 * npm runs a script through a shell that does not pass a signal on: `kill <npm's pid>` ends npm and the shell and
 * leaves the server running, adopted by another process. Such a server notices its parent changed and stops.
 */
export function stopWhenOrphaned(stop: (reason: string) => void, everyMs = 500): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    stop('parent process ended');
  }, everyMs);
  timer.unref();
}
