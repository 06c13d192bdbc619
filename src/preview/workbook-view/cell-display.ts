/**
 * How Excel shows a cell: its result through its number format (numfmt implements Excel's number formats), text as
 * text, errors as their code (`#N/A`), booleans as TRUE/FALSE; numbers right-aligned, text left, the rest centred
 * (Excel's General alignment). en-US rules, as the simulation's `Range.text` (the simulation is an en-US Excel).
 */

import { format as formatValue, formatColor } from 'numfmt';
import type { Result } from '../excel-sim';

export interface CellDisplay {
  text: string;
  align: 'left' | 'right' | 'center';
  /** A colour the format asks for (`[Red]0.00;...`), as CSS. */
  color?: string;
}

/** Excel's behaviour where numfmt has a choice: no numbers for dates out of range (Excel fills the cell with #). */
const EXCEL_RULES = { locale: 'en-US', dateErrorNumber: false, dateSpanLarge: false, overflow: '######', throws: false } as const;

const EMPTY: CellDisplay = { text: '', align: 'left' };

export function cellDisplay(result: Result, numberFormat: string): CellDisplay {
  switch (result.kind) {
    case 'Empty':
      return EMPTY;
    case 'Boolean':
      return { text: result.value ? 'TRUE' : 'FALSE', align: 'center' };
    case 'Error':
      return { text: result.value, align: 'center' };
    case 'String':
      // A text section (`"Note: "@`) decorates text; General and `@` show it as it is.
      return { text: numberFormat === 'General' || numberFormat === '@' ? result.value : formatValue(numberFormat, result.value, EXCEL_RULES), align: 'left' };
    case 'Double': {
      const text = formatValue(numberFormat, result.value, EXCEL_RULES);
      const color = formatColor(numberFormat, result.value, EXCEL_RULES);
      return typeof color === 'string' ? { text, align: 'right', color } : { text, align: 'right' };
    }
  }
}
