/**
 * One function call: the active connection's figures, or `#N/A` "connect in the task pane"; any failure as the Excel
 * error value for it (`excel-error.ts`). Never leaves a promise open: the engine settles every call by its deadline.
 */

import { figureLink, type FigureSource } from './figure-link';
import { notConnectedError, toExcelError } from './excel-error';

export async function callFigure<T>(run: (source: FigureSource) => Promise<T>): Promise<T> {
  const link = figureLink();
  const source = link.source;
  if (source === undefined) throw notConnectedError(link.language);
  try {
    return await run(source);
  } catch (error) {
    throw toExcelError(error, figureLink().language);
  }
}
