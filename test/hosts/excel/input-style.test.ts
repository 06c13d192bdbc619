import { CHANGED_FILL, CHANGED_FONT, INPUT_FILL, INPUT_FONT } from '../../../src/hosts/excel/input-style';
import { contrast } from '../../../src/preview/workbook-view/cell-paint';

/** Hue in degrees of a `#RRGGBB` colour. */
function hue(color: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

describe('input and changed cells are told apart at a glance', () => {
  test('the changed fill stands apart from the input fill in lightness and hue (the old #FFCC99/#FFC000 did not)', () => {
    expect(contrast(INPUT_FILL, CHANGED_FILL)).toBeGreaterThanOrEqual(1.4);
    const distance = Math.abs(hue(INPUT_FILL) - hue(CHANGED_FILL));
    expect(Math.min(distance, 360 - distance)).toBeGreaterThanOrEqual(90);
  });

  test('input cells are quiet (a near-white fill) and blue; both texts meet WCAG AA on their fills', () => {
    expect(contrast(INPUT_FILL, '#FFFFFF')).toBeLessThan(1.15);
    expect(hue(INPUT_FONT)).toBeGreaterThanOrEqual(200);
    expect(hue(INPUT_FONT)).toBeLessThanOrEqual(240);
    expect(contrast(INPUT_FONT, INPUT_FILL)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(CHANGED_FONT, CHANGED_FILL)).toBeGreaterThanOrEqual(4.5);
  });
});
