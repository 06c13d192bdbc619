/**
 * How Excel shows a cell: its result through its number format (numfmt implements Excel's number formats), text as
 * text, errors as their code (`#N/A`), booleans as TRUE/FALSE; numbers right-aligned, text left, the rest centred
 * (Excel's General alignment). The grid follows the preview's language as Excel follows the user's locale
 * (`1,234.50 EUR` in English, `1.234,50 EUR` in German: `excelLocale`); without one, en-US rules, as the simulation's
 * `Range.text` (the simulation is an en-US Excel).
 */

import { format as formatValue, formatColor } from 'numfmt';
import type { Language } from '../../i18n/catalog';
import type { Result } from '../excel-sim';

export interface CellDisplay {
  text: string;
  align: 'left' | 'right' | 'center';
  /** A colour the format asks for (`[Red]0.00;...`), as CSS. */
  color?: string;
}

/** Excel's behaviour where numfmt has a choice: no numbers for dates out of range (Excel fills the cell with #). */
const EXCEL_RULES = { dateErrorNumber: false, dateSpanLarge: false, overflow: '######', throws: false } as const;

/** The locale an Excel in the preview's language formats numbers with. */
export function excelLocale(language: Language): string {
  return { de: 'de-DE', en: 'en-US', it: 'it-IT' }[language];
}

const EMPTY: CellDisplay = { text: '', align: 'left' };

export function cellDisplay(result: Result, numberFormat: string, locale = 'en-US'): CellDisplay {
  const rules = { ...EXCEL_RULES, locale };
  switch (result.kind) {
    case 'Empty':
      return EMPTY;
    case 'Boolean':
      return { text: result.value ? 'TRUE' : 'FALSE', align: 'center' };
    case 'Error':
      return { text: result.value, align: 'center' };
    case 'String':
      // A text section (`"Note: "@`) decorates text; General and `@` show it as it is.
      return {
        text: numberFormat === 'General' || numberFormat === '@' ? result.value : formatValue(numberFormat, result.value, rules),
        align: 'left',
      };
    case 'Double': {
      const text = formatValue(numberFormat, result.value, rules);
      const color = formatColor(numberFormat, result.value, rules);
      return typeof color === 'string' ? { text, align: 'right', color } : { text, align: 'right' };
    }
  }
}
