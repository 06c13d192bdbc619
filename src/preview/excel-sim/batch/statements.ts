/**
 * `debugInfo.statement` / `surroundingStatements` / `fullStatements` of a failed sync, after office.js's
 * `RequestPrettyPrinter.processForDebugStatementInfo` (excel-web-16.00.debug.js, used at
 * `processRequestExecutorResponseMessage`): every action of the batch becomes a JavaScript-like statement, arguments
 * replaced by `...` (office.js removes them as possibly sensitive), objects named after the method or property that
 * made them (`worksheets.getItem(...)` → `worksheet`, `getRange(...)` → `range`, a second one `range1`). The failing
 * statement is framed by `// >>>>>` and `// <<<<<` with up to 5 statements either side (`...` where more were cut).
 * `fullStatements` is office.js's placeholder, as `OfficeExtension.config.extendedErrorLogging` is off by default.
 * Built only when a sync fails. The text approximates office.js's (the simulation's object paths are not office.js's).
 */

import type { WireAction } from './payload';

export interface StatementInfo {
  statement: string;
  surroundingStatements: string[];
  fullStatements: string[];
}

export const FULL_STATEMENTS_PLACEHOLDER = 'Please enable config.extendedErrorLogging to see full statements.';

const SURROUNDING = 5;

/** Splits an object path at its top-level dots (not inside quotes, parentheses or brackets). */
export function pathSegments(path: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < path.length; i += 1) {
    const ch = path[i];
    if (quoted) {
      if (ch === '\\') i += 1;
      else if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '(' || ch === '[') depth += 1;
    else if (ch === ')' || ch === ']') depth -= 1;
    else if (ch === '.' && depth === 0) {
      out.push(path.slice(start, i));
      start = i + 1;
    }
  }
  out.push(path.slice(start));
  return out.filter((s) => s.length > 0);
}

function head(segment: string): string {
  const cut = segment.search(/[([]/);
  return cut < 0 ? segment : segment.slice(0, cut);
}

function isIndexer(segment: string): boolean {
  return segment.startsWith('items[') || head(segment) === 'getItem';
}

/** office.js's buildArgumentsExpression with removePII: no arguments (or a first one undefined) → '', else `...`. */
function maskedArguments(args: readonly unknown[] | string): string {
  if (typeof args === 'string') return args === '' || args === 'undefined' || args.startsWith('undefined') ? '' : '...';
  return args.length === 0 || args[0] === undefined ? '' : '...';
}

function segmentArguments(segment: string): string {
  const open = segment.indexOf('(');
  return open < 0 ? '' : segment.slice(open + 1, segment.lastIndexOf(')'));
}

class Printer {
  private readonly names = new Map<string, string>();
  private readonly taken = new Set<string>();
  private readonly declared = new Set<string>();

  private baseName(path: string): string {
    const segments = pathSegments(path);
    const last = segments[segments.length - 1] ?? 'v';
    if (segments.length === 1) return last;
    if (isIndexer(last)) {
      const parent = this.baseName(segments.slice(0, -1).join('.'));
      return parent.endsWith('s') ? parent.slice(0, -1) : `${parent}Item`;
    }
    let name = head(last);
    if (name.length > 3 && name.startsWith('get')) name = name.slice(3);
    return name.charAt(0).toLowerCase() + name.slice(1);
  }

  varName(path: string): string {
    const known = this.names.get(path);
    if (known !== undefined) return known;
    const base = this.baseName(path);
    let name = base;
    for (let i = 1; this.taken.has(name); i += 1) name = `${base}${i}`;
    this.taken.add(name);
    this.names.set(path, name);
    return name;
  }

  private expression(path: string): string {
    const segments = pathSegments(path);
    if (segments.length <= 1) return `context.${path}`;
    const last = segments[segments.length - 1] ?? '';
    const parentPath = segments.slice(0, -1).join('.');
    const parent = segments.length === 2 ? `context.${parentPath}` : this.varName(parentPath);
    if (last.startsWith('items[')) return `${parent}.getItem(...)`;
    if (!last.includes('(')) return `${parent}.${last}`;
    return `${parent}.${head(last)}(${maskedArguments(segmentArguments(last))})`;
  }

  statement(action: WireAction, instantiated: string | undefined): string {
    if (action.ActionType === 'Instantiate') {
      const path = instantiated ?? action.ObjectPath;
      const name = this.varName(path);
      if (this.declared.has(path)) return `// Instantiate {${name}}`;
      this.declared.add(path);
      return `var ${name} = ${this.expression(path)};`;
    }
    const target = this.varName(action.ObjectPath);
    const args = action.Arguments ?? [];
    if (action.ActionType === 'Query') return `${target}.load(${args.length > 0 ? JSON.stringify(args[0]) : ''});`;
    if (action.ActionType === 'SetProperty') return `${target}.${action.Name} = ${maskedArguments(args)};`;
    return `${target}.${action.Name}(${maskedArguments(args)});`;
  }
}

/** The statement info for the action at `failedIndex` of the batch (`instantiated[i]`: path of an Instantiate). */
export function statementInfo(
  actions: ReadonlyArray<{ wire: WireAction; instantiates?: string }>,
  failedIndex: number,
): StatementInfo | undefined {
  const printer = new Printer();
  const statements: string[] = [];
  let at = -1;
  for (let i = 0; i < actions.length; i += 1) {
    const action = actions[i];
    if (action === undefined) continue;
    statements.push(printer.statement(action.wire, action.instantiates));
    if (i === failedIndex) at = statements.length - 1;
    if (at >= 0 && statements.length > at + SURROUNDING + 1) break;
  }
  const statement = statements[at];
  if (at < 0 || statement === undefined) return undefined;
  const start = Math.max(0, at - SURROUNDING);
  const end = Math.min(statements.length, at + 1 + SURROUNDING);
  const surroundingStatements = [
    ...(start > 0 ? ['...'] : []),
    ...statements.slice(start, at),
    '// >>>>>',
    statement,
    '// <<<<<',
    ...statements.slice(at + 1, end),
    ...(end < statements.length ? ['...'] : []),
  ];
  return { statement, surroundingStatements, fullStatements: [FULL_STATEMENTS_PLACEHOLDER] };
}
