/**
 * What the status bar says about the error in the active cell, when the error carries a message: a custom function's
 * `CustomFunctions.Error` message (as the function wrote it), or why an array cannot spill (`#SPILL!`, in the page's
 * language). Undefined for cells without an error or with an error that says nothing more than its code.
 */

import type { MessageKey } from '../../i18n/catalog';
import type { MessageParams } from '../../i18n/translate';
import { SPILL_BLOCKED, type SimulatedWorkbook, type SpillBlock } from '../excel-sim';
import { columnName } from './column-name';

const SPILL_MESSAGES: Record<SpillBlock, MessageKey> = {
  [SPILL_BLOCKED.notBlank]: 'preview.spill.notBlank',
  [SPILL_BLOCKED.table]: 'preview.spill.table',
  [SPILL_BLOCKED.edge]: 'preview.spill.edge',
};

function isSpillBlock(message: string): message is SpillBlock {
  return Object.prototype.hasOwnProperty.call(SPILL_MESSAGES, message);
}

export function cellErrorText(
  workbook: SimulatedWorkbook,
  sheet: string,
  row: number,
  column: number,
  t: (key: MessageKey, params?: MessageParams) => string,
): string | undefined {
  if (!workbook.sheetNames().includes(sheet)) return undefined;
  const message = workbook.cellErrorMessage(sheet, row, column);
  if (message === undefined) return undefined;
  const { result } = workbook.cell(sheet, row, column);
  return t('preview.status.cellError', {
    cell: `${columnName(column)}${row + 1}`,
    error: result.kind === 'Error' ? result.value : '',
    message: isSpillBlock(message) ? t(SPILL_MESSAGES[message]) : message,
  });
}
