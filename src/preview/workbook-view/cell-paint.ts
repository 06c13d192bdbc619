/**
 * A cell's own colours on the grid: its fill and font colour are document colours (Excel shows them as they are in
 * dark mode too), so a filled cell keeps its fill in either theme and gets dark text unless it has a font colour of
 * its own. A font colour on an unfilled cell is kept unless it would be unreadable on the theme's background (dark
 * blue on a dark grid); then the theme's text colour is used, or for a grey font (a quiet note, such as the stamp
 * above a table) the theme's muted text colour, so it stays quiet and readable. A colour the number format asks for
 * (`[Red]`) wins over the font colour, as in Excel.
 */

import type { CellColors } from '../excel-sim';

export interface CellPaint {
  bgCell?: string;
  textDark?: string;
}

/** Excel's automatic font colour on a fill. */
const AUTOMATIC_TEXT = '#000000';
/** WCAG AA for normal text. */
const MIN_CONTRAST = 4.5;

export function cellPaint(colors: Readonly<CellColors>, formatColor: string | undefined, background: string, muted?: string): CellPaint {
  const paint: CellPaint = {};
  if (colors.fill !== undefined) {
    paint.bgCell = colors.fill;
    paint.textDark = formatColor ?? colors.font ?? AUTOMATIC_TEXT;
    return paint;
  }
  if (formatColor !== undefined) paint.textDark = formatColor;
  else if (colors.font !== undefined && contrast(colors.font, background) >= MIN_CONTRAST) paint.textDark = colors.font;
  else if (colors.font !== undefined && isGrey(colors.font) && muted !== undefined && contrast(muted, background) >= MIN_CONTRAST)
    paint.textDark = muted;
  return paint;
}

function isGrey(color: string): boolean {
  const hex = /^#([0-9a-f]{2})\1\1$/i.exec(color);
  return hex !== null;
}

/** WCAG contrast ratio of two `#RRGGBB` colours (1 when either cannot be read). */
export function contrast(a: string, b: string): number {
  const la = luminance(a);
  const lb = luminance(b);
  if (la === undefined || lb === undefined) return 1;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

function luminance(color: string): number | undefined {
  const hex = /^#([0-9a-f]{6})$/i.exec(color)?.[1];
  if (hex === undefined) return undefined;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
