/**
 * `CustomFunctions.Error` and `CustomFunctions.ErrorCode` (CustomFunctionsRuntime 1.2/1.3), as office.js's
 * custom-functions-runtime.js implements them: the class extends `Error`, its code defaults to `#VALUE!`, and the
 * message is kept whatever the code. What reaches the cell (`cellError`) follows the runtime too: `#N/A`, `#DIV/0!`,
 * `#VALUE!`, `#NUM!` and `#NULL!` are shown as they are, any other code (`#NAME?`, `#REF!`: "supported as a custom
 * function input error, but not as a custom function output error", says the reference) as `#VALUE!`
 * (`_getCustomFunctionResultErrorCodeFromErrorCode`); a message is shown only with `#VALUE!` and `#N/A` (`_getMessage`,
 * and the reference: "A custom error message can't be used" with the others).
 */

type TypingsErrorCode = typeof CustomFunctions.ErrorCode;

/** The error codes, tied to @types/custom-functions-runtime: the same names with the same values. */
export const ErrorCode = Object.freeze({
  invalidValue: '#VALUE!',
  notAvailable: '#N/A',
  divisionByZero: '#DIV/0!',
  invalidNumber: '#NUM!',
  nullReference: '#NULL!',
  invalidName: '#NAME?',
  invalidReference: '#REF!',
} as const satisfies { [K in keyof TypingsErrorCode]: `${TypingsErrorCode[K]}` });

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export class CustomFunctionError extends Error {
  readonly code: ErrorCodeValue;

  constructor(code?: ErrorCodeValue | CustomFunctions.ErrorCode, message?: string) {
    super(message ?? '');
    this.name = 'CustomFunctions.Error';
    this.code = (code || ErrorCode.invalidValue) as ErrorCodeValue;
  }
}

const SHOWN_CODES: readonly string[] = [
  ErrorCode.notAvailable,
  ErrorCode.divisionByZero,
  ErrorCode.invalidValue,
  ErrorCode.invalidNumber,
  ErrorCode.nullReference,
];
const CODES_WITH_MESSAGE: readonly string[] = [ErrorCode.invalidValue, ErrorCode.notAvailable];

/** What a cell shows for a `CustomFunctions.Error` its function threw, rejected with or returned. */
export function cellError(error: CustomFunctionError): { code: string; message?: string } {
  const code = SHOWN_CODES.includes(error.code) ? error.code : ErrorCode.invalidValue;
  return CODES_WITH_MESSAGE.includes(error.code) && error.message !== '' ? { code, message: error.message } : { code };
}
