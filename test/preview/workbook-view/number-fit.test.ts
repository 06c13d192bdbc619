/** A number wider than its column shows as #, as in Excel: never cut to a different-looking number. */

import { fitNumber } from '../../../src/preview/workbook-view/number-fit';

const measure = (text: string): number => text.length * 7;

describe('fitNumber', () => {
  it('keeps a number that fits and fills a cell too narrow with #', () => {
    expect(fitNumber('1,234.50', 80, measure)).toBe('1,234.50');
    expect(fitNumber('-1,476,370.83', 80, measure)).toBe('##########');
    expect(fitNumber('-1,476,370.83', 4, measure)).toBe('#');
  });
});
