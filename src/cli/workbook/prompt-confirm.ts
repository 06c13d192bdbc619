/** Asks a yes/no question at the terminal (push's confirmations): a line read from stdin; only y or yes is a yes. */
import { createInterface } from 'node:readline/promises';

export async function promptYesNo(question: string): Promise<boolean> {
  const lines = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await lines.question(question);
    return /^\s*y(es)?\s*$/i.test(answer);
  } finally {
    lines.close();
  }
}
