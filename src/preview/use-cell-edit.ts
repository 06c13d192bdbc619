/**
 * A user's edit of a cell (the grid, the formula bar, a list's pick), typed into the workbook as a user types it: the
 * changed events say so (triggerSource Unknown), as in Excel. A value the cell's list refuses keeps the cell as it
 * was and says why, with Excel's Stop alert (its title and message).
 */

import { useCallback, useState } from 'react';
import { ValidationRefusal, type SimulatedWorkbook } from './excel-sim';
import type { Translator } from './translator';

/** Why the last edit was not taken: the cell's validation alert (its title and message), or another reason. */
export interface EditProblem {
  title?: string;
  message: string;
}

export interface CellEdit {
  edit(row: number, column: number, input: string): void;
  editProblem: EditProblem | undefined;
}

export function useCellEdit(workbook: SimulatedWorkbook, sheet: string, t: Translator): CellEdit {
  const [editProblem, setEditProblem] = useState<EditProblem>();
  const edit = useCallback(
    (row: number, column: number, input: string): void => {
      setEditProblem(undefined);
      try {
        workbook.typeIntoCell(sheet, row, column, input);
      } catch (error) {
        if (error instanceof ValidationRefusal)
          setEditProblem({ title: error.title, message: `${error.message} ${t('preview.editRefused')}` });
        else setEditProblem({ message: t('preview.editFailed', { reason: error instanceof Error ? error.message : String(error) }) });
      }
    },
    [workbook, sheet, t],
  );
  return { edit, editProblem };
}
