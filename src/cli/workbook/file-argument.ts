/**
 * A command's file given as its first plain argument (`inspect FILE.xlsx`, `refresh FILE.xlsx`): taken out of argv
 * before the option table reads the rest; a value that follows an option taking one is that option's, not the file.
 */
import type { OptionTable } from '../option-table';

export function takeFileArgument(table: OptionTable, argv: readonly string[]): { file?: string; rest: string[] } {
  const takesValue = new Set(table.options.filter((o) => o.kind !== 'switch').map((o) => `--${o.name}`));
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--') break;
    if (takesValue.has(arg)) {
      i += 1;
      continue;
    }
    if (!arg.startsWith('-')) return { file: arg, rest: [...argv.slice(0, i), ...argv.slice(i + 1)] };
  }
  return { rest: [...argv] };
}
