/**
 * The tables `push` sends from: every table of the file whose pull state names a pushable target (`pushableOf`, as
 * the pane's Changes view), in the order of the pull states; `--tables` narrows them by the Excel table's name or
 * the target's resource (`ForecastBudgets` or `forecastBudgets`). A name that matches no pushable table is bad input.
 */
import type { PullState, PullStateStore } from '../../sync/pull';
import { pushableOf, type PushableTable } from '../../sync/pushable';
import { CliError, EXIT } from './exit-codes';

export interface FilePushable {
  state: PullState;
  pushable: PushableTable;
}

export async function pushableTables(states: PullStateStore, asked: readonly string[] | undefined): Promise<FilePushable[]> {
  const found = (await states.list()).flatMap((state) => {
    const pushable = pushableOf(state.target);
    return pushable === undefined ? [] : [{ state, pushable }];
  });
  const names = asked
    ?.flatMap((value) => value.split(','))
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  if (names === undefined || names.length === 0) return found;
  const named = (table: FilePushable, name: string) =>
    table.state.tableName.toLowerCase() === name || table.state.target.resource.toLowerCase() === name;
  const unknown = names.filter((name) => !found.some((table) => named(table, name)));
  if (unknown.length > 0)
    throw new CliError(
      EXIT.badInput,
      `--tables ${unknown.join(', ')}: no such pushable table in the file (it has ${found.map((t) => t.state.tableName).join(', ') || 'none'}).`,
    );
  return found.filter((table) => names.some((name) => named(table, name)));
}
