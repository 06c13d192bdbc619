/** A text's width in px in a CSS font, measured on one offscreen canvas (the grid's overflow runs need it). */

let context: CanvasRenderingContext2D | null | undefined;

export function textWidth(text: string, font: string): number {
  context ??= document.createElement('canvas').getContext('2d');
  if (context === null) return text.length * 7; // no canvas: Calibri 11's digit width
  context.font = font;
  return context.measureText(text).width;
}
