/**
 * Sends a write block by block, one sync each: the caller queues a block's actions, this syncs them, and a block
 * refused as over the request cap (RequestPayloadSizeLimitExceeded: nothing of it was applied) is halved and sent
 * again. The block sizes come from `chunk-plan.ts`; the halving is for what the estimate did not see.
 */

import { halve, type Block } from './chunk-plan';
import { isRequestTooLarge } from './excel-errors';
import type { ExcelSession } from './run-excel';

export interface BlockTurn {
  /** No sync of this write has succeeded yet: queue what opens the write (a header) again. */
  first: boolean;
  /** The last block: queue what closes the write (a `complete` mark) after its rows, so it lands with them. */
  last: boolean;
}

/** Sends `blocks` in order; no blocks still makes one (empty) turn, so opening and closing actions are sent. */
export async function sendInBlocks(
  session: ExcelSession,
  blocks: readonly Block[],
  queue: (block: Block, turn: BlockTurn) => void,
): Promise<void> {
  const pending: Block[] = blocks.length > 0 ? [...blocks] : [{ start: 0, count: 0 }];
  let first = true;
  for (let block = pending[0]; block !== undefined; block = pending[0]) {
    queue(block, { first, last: pending.length === 1 });
    try {
      await session.sync();
    } catch (error) {
      if (isRequestTooLarge(error) && block.count > 1) {
        pending.splice(0, 1, ...halve(block));
        continue;
      }
      throw error;
    }
    first = false;
    pending.shift();
  }
}
