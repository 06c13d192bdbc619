/**
 * The sheet the preview shows: it follows the workbook's active sheet (worksheet.activate() from the pane switches the
 * view), and a click on a tab activates that sheet, as in Excel. Only visible sheets are shown.
 */

import { useEffect, useMemo, useRef, useState } from 'react';
import type { ExcelSimulationGlobals, SimulatedWorkbook } from './excel-sim';

export interface ViewedSheet {
  sheet: string;
  visibleSheets: string[];
  selectSheet(name: string): void;
}

export function useViewedSheet(workbook: SimulatedWorkbook, globals: ExcelSimulationGlobals, version: number): ViewedSheet {
  const activeSheet = useMemo(() => workbook.activeSheetName(), [workbook, version]);
  const [viewed, setViewed] = useState(activeSheet);
  const lastActive = useRef(activeSheet);
  const visibleSheets = useMemo(() => workbook.sheetNames().filter((s) => workbook.visibility(s) === 'Visible'), [workbook, version]);
  useEffect(() => {
    if (activeSheet !== lastActive.current || !visibleSheets.includes(viewed)) {
      lastActive.current = activeSheet;
      setViewed(activeSheet);
    }
  }, [activeSheet, visibleSheets, viewed]);
  const sheet = visibleSheets.includes(viewed) ? viewed : activeSheet;

  const selectSheet = (name: string): void => {
    setViewed(name);
    // Clicking a tab activates the sheet, as in Excel (the pane sees it as the active worksheet).
    void globals.Excel.run(async (context) => {
      context.workbook.worksheets.getItem(name).activate();
      await context.sync();
    }).catch(() => undefined);
  };
  return { sheet, visibleSheets, selectSheet };
}
