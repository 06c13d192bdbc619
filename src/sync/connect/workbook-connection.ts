/**
 * What the workbook remembers of its connection: the profile name and the base URL it was built from, nothing
 * else (no client ID, no secret, no token: the workbook is shared, the credentials belong to a person). A
 * colleague who opens a shared copy is asked for their own credentials for that service.
 *
 * The setting travels with the file, so whoever sent it chose its text: an address `parseBaseUrl` refuses as
 * insecure (http to another computer) is read as `refused`, so the pane can say so, and is never a connection.
 */

import { z } from 'zod';
import { parseBaseUrl } from '../../api/connection-check';
import { baseUrlProblem } from './base-url-problem';

export const WorkbookConnectionSchema = z.strictObject({
  profileName: z.string().trim().min(1),
  /** Without user name or password (`parseBaseUrl` refuses them), https or http to this computer, normalized. */
  baseUrl: z.string().transform((text, ctx) => {
    const url = parseBaseUrl(text);
    if (url === null) {
      ctx.addIssue({ code: 'custom', message: 'not a base URL' });
      return z.NEVER;
    }
    return url.href;
  }),
});

export type WorkbookConnection = z.output<typeof WorkbookConnectionSchema>;

/** The setting as read: nothing usable, a connection, or one whose base URL is refused as insecure (the text as stored). */
export type WorkbookConnectionReading =
  { status: 'none' } | { status: 'found'; connection: WorkbookConnection } | { status: 'refused'; profileName: string; baseUrl: string };

export interface WorkbookConnectionStore {
  get(): Promise<WorkbookConnection | undefined>;
  /** Like `get`, but tells an insecure base URL apart from no setting (`readWorkbookConnection`). */
  read(): Promise<WorkbookConnectionReading>;
  set(connection: WorkbookConnection): Promise<void>;
}

/** Refuses anything beyond the two fields (a programming error, never user data). */
export function checkWorkbookConnection(connection: WorkbookConnection): WorkbookConnection {
  const parsed = WorkbookConnectionSchema.safeParse(connection);
  if (!parsed.success)
    throw new Error(
      `The workbook keeps only a profile name and a base URL (${parsed.error.issues.map((i) => i.path.join('.') || i.code).join(', ')}).`,
    );
  return parsed.data;
}

/** The two fields before the base URL is checked: what a refused setting names. */
const StoredTextSchema = z.strictObject({ profileName: z.string().trim().min(1), baseUrl: z.string() });

/** Reads the stored JSON: anything unreadable counts as no connection; an insecure base URL as refused. */
export function readWorkbookConnection(text: string | null | undefined): WorkbookConnectionReading {
  if (typeof text !== 'string' || text === '') return { status: 'none' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { status: 'none' };
  }
  const parsed = WorkbookConnectionSchema.safeParse(value);
  if (parsed.success) return { status: 'found', connection: parsed.data };
  const stored = StoredTextSchema.safeParse(value);
  if (stored.success && baseUrlProblem(stored.data.baseUrl) === 'insecure') {
    return { status: 'refused', profileName: stored.data.profileName, baseUrl: stored.data.baseUrl.trim() };
  }
  return { status: 'none' };
}

/** The connection the stored JSON names; anything unreadable or refused counts as no connection. */
export function parseWorkbookConnection(text: string | null | undefined): WorkbookConnection | undefined {
  const reading = readWorkbookConnection(text);
  return reading.status === 'found' ? reading.connection : undefined;
}

export class MemoryWorkbookConnectionStore implements WorkbookConnectionStore {
  #text: string | undefined;

  /** `text`: the setting as a workbook may carry it (tests give one a colleague or a stranger wrote). */
  constructor(text?: string) {
    this.#text = text;
  }

  async get(): Promise<WorkbookConnection | undefined> {
    return parseWorkbookConnection(this.#text);
  }

  async read(): Promise<WorkbookConnectionReading> {
    return readWorkbookConnection(this.#text);
  }

  async set(connection: WorkbookConnection): Promise<void> {
    this.#text = JSON.stringify(checkWorkbookConnection(connection));
  }
}
