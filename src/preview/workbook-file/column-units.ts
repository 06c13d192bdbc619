/**
 * Column widths between the simulation (points, as `Range.format.columnWidth`) and a file (characters of the
 * default font, as exceljs and `<col width>` keep them): Excel draws a width of w characters as `w * 7 + 5` pixels
 * of Calibri 11, and a pixel is 0.75 pt. Excel's default 8.43 characters is the simulation's default 48 pt.
 */

const PX_PER_CHAR = 7;
const PADDING_PX = 5;
const PT_PER_PX = 0.75;

export function charactersOfPoints(points: number): number {
  return Math.max(0, Math.round(((points / PT_PER_PX - PADDING_PX) / PX_PER_CHAR) * 100) / 100);
}

export function pointsOfCharacters(characters: number): number {
  return Math.round((characters * PX_PER_CHAR + PADDING_PX) * PT_PER_PX * 100) / 100;
}
