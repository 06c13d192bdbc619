/** Custom function calls in a file's formulas: `CASHFLOW.X(` ↔ `_xldudf_CASHFLOW_X(`, string literals untouched. */

import { fromFileFormula, toFileFormula } from '../../../src/hosts/xlsx/file-formula';

describe('file formulas', () => {
  it('writes an add-in function call in the form Excel keeps in a file, and reads it back', () => {
    const excel = 'IF($A20="","",CASHFLOW.ACTUALS($A20,B$19,EOMONTH(B$19,0)))+cashflow.balance()';
    const file = toFileFormula(excel);
    expect(file).toBe('IF($A20="","",_xldudf_CASHFLOW_ACTUALS($A20,B$19,EOMONTH(B$19,0)))+_xldudf_CASHFLOW_BALANCE()');
    expect(fromFileFormula(file)).toBe('IF($A20="","",CASHFLOW.ACTUALS($A20,B$19,EOMONTH(B$19,0)))+CASHFLOW.BALANCE()');
  });

  it('leaves text in quotes, other namespaces and look-alike names alone', () => {
    for (const formula of [
      '"CASHFLOW.BALANCE()"&A1',
      'CONTOSO.ADD(1,2)',
      'MYCASHFLOW.BALANCE()',
      'Sheet1!CASHFLOW.X',
      '"a""CASHFLOW.DUE(1)"',
    ]) {
      expect(toFileFormula(formula)).toBe(formula);
    }
    expect(fromFileFormula('"_xldudf_CASHFLOW_DUE(1)"&_xldudf_CASHFLOW_DUE(1)')).toBe('"_xldudf_CASHFLOW_DUE(1)"&CASHFLOW.DUE(1)');
  });
});
