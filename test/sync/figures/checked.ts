/** The value or the error of a `Checked` result, failing the test when it is the other one. */
import type { Checked, FigureError } from '../../../src/sync/figures';

export function value<T>(checked: Checked<T>): T {
  if (!checked.ok) throw new Error(`expected a value, got: ${checked.error.message}`);
  return checked.value;
}

export function error<T>(checked: Checked<T>): FigureError {
  if (checked.ok) throw new Error(`expected an error, got ${JSON.stringify(checked.value)}`);
  return checked.error;
}
