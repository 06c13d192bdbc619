/**
 * A number that grows when the workbook changed, at most once per animation frame: a pull writing 100k rows in
 * blocks redraws the view once per frame, not once per block, and the view re-reads only its visible cells.
 */

import { useEffect, useState } from 'react';
import type { SimulatedWorkbook } from '../excel-sim';

export function useWorkbookVersion(workbook: SimulatedWorkbook): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let frame: number | undefined;
    const stop = workbook.onChange(() => {
      if (frame !== undefined) return;
      frame = requestAnimationFrame(() => {
        frame = undefined;
        setVersion((v) => v + 1);
      });
    });
    return () => {
      stop();
      if (frame !== undefined) cancelAnimationFrame(frame);
    };
  }, [workbook]);
  return version;
}
