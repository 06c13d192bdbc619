/** Stage 2 of a push: the table as the sheet holds it now (rows with their positions, cells that did not convert). */

import type { PushSheet, PushSheetRead } from './push-port';
import type { PushSession } from './open-session';

export function readSheet(session: PushSession, sheet: PushSheet): Promise<PushSheetRead> {
  return sheet.read(session.model.table, session.signal === undefined ? {} : { signal: session.signal });
}
