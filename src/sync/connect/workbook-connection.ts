/**
 * What the workbook remembers of its connection: the profile name and the base URL it was built from, nothing
 * else (no client ID, no secret, no token: the workbook is shared, the credentials belong to a person). A
 * colleague who opens a shared copy is asked for their own credentials for that service.
 */

import { z } from 'zod';
import { parseBaseUrl } from '../../api/connection-check';

export const WorkbookConnectionSchema = z.strictObject({
  profileName: z.string().trim().min(1),
  /** Without user name or password (`parseBaseUrl` refuses them), normalized. */
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

export interface WorkbookConnectionStore {
  get(): Promise<WorkbookConnection | undefined>;
  set(connection: WorkbookConnection): Promise<void>;
}

/** Refuses anything beyond the two fields (a programming error, never user data). */
export function checkWorkbookConnection(connection: WorkbookConnection): WorkbookConnection {
  const parsed = WorkbookConnectionSchema.safeParse(connection);
  if (!parsed.success) throw new Error(`The workbook keeps only a profile name and a base URL (${parsed.error.issues.map((i) => i.path.join('.') || i.code).join(', ')}).`);
  return parsed.data;
}

/** Parses the stored JSON; anything unreadable counts as no connection. */
export function parseWorkbookConnection(text: string | null | undefined): WorkbookConnection | undefined {
  if (typeof text !== 'string' || text === '') return undefined;
  try {
    const parsed = WorkbookConnectionSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export class MemoryWorkbookConnectionStore implements WorkbookConnectionStore {
  #text: string | undefined;

  async get(): Promise<WorkbookConnection | undefined> {
    return parseWorkbookConnection(this.#text);
  }

  async set(connection: WorkbookConnection): Promise<void> {
    this.#text = JSON.stringify(checkWorkbookConnection(connection));
  }
}
