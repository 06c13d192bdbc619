/**
 * Progress on stderr: at a terminal a bar per table that redraws in place (`\r`, the line cleared) and stays as a
 * finished line; elsewhere (a log, cron's mail) plain lines, one when a table starts and one when it is done.
 * Waits for the service are said in either form.
 */
import type { PullProgress } from '../../sync/pull';
import type { OutputStream } from './cli-io';

const BAR_WIDTH = 24;

export interface ProgressReport {
  started(label: string): void;
  progress(event: PullProgress): void;
  finished(label: string, summary: string): void;
  /** A table that failed: the bar ends on the line, no summary. */
  failed(label: string): void;
}

export function progressReport(stderr: OutputStream): ProgressReport {
  return stderr.isTTY ? terminalBar(stderr) : plainLines(stderr);
}

function plainLines(stderr: OutputStream): ProgressReport {
  let lastWait: string | undefined;
  return {
    started: (label) => void stderr.write(`${label}: started\n`),
    progress: (event) => {
      const wait = event.waiting ? event.message : undefined;
      if (wait !== undefined && wait !== lastWait) stderr.write(`${wait}\n`);
      lastWait = wait;
    },
    finished: (label, summary) => void stderr.write(`${label}: ${summary}\n`),
    failed: (label) => void stderr.write(`${label}: failed\n`),
  };
}

/** `Transactions  [##########--------------]  1,200 / 3,000  writing` */
export function barLine(
  label: string,
  event: Pick<PullProgress, 'phase' | 'rows' | 'total' | 'waiting' | 'message'>,
  width = BAR_WIDTH,
): string {
  const share = event.total > 0 ? Math.min(1, event.rows / event.total) : 0;
  const filled = Math.round(share * width);
  const counts =
    event.total > 0 ? `${event.rows.toLocaleString('en')} / ${event.total.toLocaleString('en')}` : event.rows.toLocaleString('en');
  const phase = event.waiting ? event.message : event.phase;
  return `${label}  [${'#'.repeat(filled)}${'-'.repeat(width - filled)}]  ${counts}  ${phase}`;
}

function terminalBar(stderr: OutputStream): ProgressReport {
  // A terminal that tells no width (0: a pseudo-terminal without a size) gets the usual 80.
  const columns = stderr.columns ? Math.max(40, stderr.columns) : 80;
  const draw = (text: string) => stderr.write(`\r${text.slice(0, columns - 1)}\x1b[K`);
  let label = '';
  return {
    started: (name) => {
      label = name;
      draw(barLine(name, { phase: 'reading', rows: 0, total: 0, message: '' }));
    },
    progress: (event) => draw(barLine(label, event)),
    // The finished line stays on the screen: whole (a terminal wraps it), never cut at the width like the bar.
    finished: (name, summary) => void stderr.write(`\r${name}  [${'#'.repeat(BAR_WIDTH)}]  ${summary}\x1b[K\n`),
    failed: () => void stderr.write('\n'),
  };
}
