import { cellPaint, contrast } from '../../../src/preview/workbook-view/cell-paint';

const LIGHT_BG = '#FFFFFF';
const DARK_BG = '#1F1F1F';

describe('cellPaint: document colours on the grid, readable in both themes', () => {
  test('a filled cell keeps its fill in either theme, with its own font colour or black', () => {
    expect(cellPaint({ fill: '#FFCC99', font: '#3F3F76' }, undefined, LIGHT_BG)).toEqual({ bgCell: '#FFCC99', textDark: '#3F3F76' });
    expect(cellPaint({ fill: '#FFCC99', font: '#3F3F76' }, undefined, DARK_BG)).toEqual({ bgCell: '#FFCC99', textDark: '#3F3F76' });
    expect(cellPaint({ fill: '#FFC000' }, undefined, DARK_BG)).toEqual({ bgCell: '#FFC000', textDark: '#000000' });
  });

  test('a number format colour wins over the font colour', () => {
    expect(cellPaint({ fill: '#FFCC99', font: '#3F3F76' }, '#FF0000', LIGHT_BG)).toEqual({ bgCell: '#FFCC99', textDark: '#FF0000' });
    expect(cellPaint({ font: '#3F3F76' }, 'red', DARK_BG)).toEqual({ textDark: 'red' });
  });

  test('a font colour without a fill is dropped where it would be unreadable on the theme background', () => {
    expect(cellPaint({ font: '#3F3F76' }, undefined, LIGHT_BG)).toEqual({ textDark: '#3F3F76' });
    expect(cellPaint({ font: '#3F3F76' }, undefined, DARK_BG)).toEqual({});
    expect(cellPaint({}, undefined, DARK_BG)).toEqual({});
  });

  test("a grey font unreadable on the background (the stamp above a table in the dark grid) takes the theme's muted text colour", () => {
    expect(cellPaint({ font: '#595959' }, undefined, LIGHT_BG, '#616161')).toEqual({ textDark: '#595959' });
    expect(cellPaint({ font: '#595959' }, undefined, DARK_BG, '#A0A0A0')).toEqual({ textDark: '#A0A0A0' });
    // Coloured fonts keep the theme's text colour, and a muted colour that would not read is not used.
    expect(cellPaint({ font: '#3F3F76' }, undefined, DARK_BG, '#A0A0A0')).toEqual({});
    expect(cellPaint({ font: '#595959' }, undefined, DARK_BG, '#333333')).toEqual({});
  });

  test('contrast is the WCAG ratio', () => {
    expect(contrast('#000000', '#FFFFFF')).toBeCloseTo(21, 0);
    expect(contrast('#3F3F76', '#FFCC99')).toBeGreaterThan(4.5);
    expect(contrast('#000000', '#FFC000')).toBeGreaterThan(4.5);
    expect(contrast('nonsense', '#FFFFFF')).toBe(1);
  });
});
