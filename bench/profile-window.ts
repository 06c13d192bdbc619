/**
 * With BENCH_CPU_PROFILE=<folder> set, a CPU profile of a benchmark's measured window: `profileWindow(name)` starts
 * V8's sampling profiler and returns the function that stops it and writes `<folder>/<name>-<pid>.cpuprofile`
 * (`npx tsx bench/profile-summary.ts <file>` splits it). Without the variable both do nothing.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

export async function profileWindow(name: string): Promise<() => Promise<void>> {
  const folder = process.env.BENCH_CPU_PROFILE;
  if (folder === undefined || folder === '') return () => Promise.resolve();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    const file = path.join(folder, `${name.replace(/[^A-Za-z0-9-]+/g, '-')}-${process.pid}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
    console.error(`CPU profile of ${name}: ${file}`);
  };
}
