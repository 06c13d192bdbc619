/** The text the preview's grid draws for one cell of a simulated workbook (row and column 0-based; `locale`: the grid's). */

import type { SimulatedWorkbook } from '../excel-sim';
import { cellDisplay } from './cell-display';

export function cellText(workbook: SimulatedWorkbook, sheet: string, row: number, column: number, locale?: string): string {
  if (!workbook.sheetNames().some((name) => name.toLowerCase() === sheet.toLowerCase())) return '';
  const { result, format } = workbook.cell(sheet, row, column);
  return cellDisplay(result, format, locale).text;
}
