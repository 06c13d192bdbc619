import { shiftFormulaRows } from '../../src/sync/shift-formula-rows';

describe('shiftFormulaRows', () => {
  it.each([
    ['=C2*2', 3, '=C5*2'],
    ['=C5*2', -3, '=C2*2'],
    ['=$C$2+C$2+$C2', 4, '=$C$2+C$2+$C6'],
    ['=SUM(A2:B3)', 1, '=SUM(A3:B4)'],
    ['=Data!C2', 2, '=Data!C4'],
    ["='My Sheet'!C2", 2, "='My Sheet'!C4"],
    ['="C2"&C2', 1, '="C2"&C3'],
    ['=[@Amount]*2', 5, '=[@Amount]*2'],
    ['=Transactions[[#This Row],[Amount]]', 5, '=Transactions[[#This Row],[Amount]]'],
    ['=LOG10(C2)', 1, '=LOG10(C3)'],
    ['=A1', -1, '=#REF!'],
    ['=1E5+C2', 1, '=1E5+C3'],
    ['plain text C2', 1, 'plain text C2'],
  ])('%s moved %d rows is %s', (formula, delta, expected) => {
    expect(shiftFormulaRows(formula, delta)).toBe(expected);
  });
});
