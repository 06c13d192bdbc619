/**
 * A full garbage collection on demand in a benchmark, without `--expose-gc` on the command line (`npm run bench` is
 * plain `tsx`): `collector()` gives `global.gc`, or a function that does nothing where the flag cannot be set.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

export function collector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  const gc: unknown = vm.runInNewContext('gc');
  return typeof gc === 'function' ? () => (gc as () => void)() : () => undefined;
}
