/**
 * Errors of the simulation, shaped like Office.js's `OfficeExtension.Error` (runtime name `RichApi.Error`).
 *
 * Codes and English messages are those of office.js (`excel-web-16.00.debug.js`, `office_strings.js`) or, for
 * errors raised by the Excel server, the messages Excel returns (quoted in office-js issues, e.g. #551).
 */

/**
 * The fields of `OfficeExtension.DebugInfo` that the simulation fills. `statement`, `surroundingStatements` and
 * `fullStatements` are set, as by office.js, when an action of a sync fails (see statements.ts); not for errors
 * raised in the client (PropertyNotLoaded) or for a whole request refused (payload caps), where office.js has no
 * failing action either.
 */
export interface SimDebugInfo {
  code: string;
  message: string;
  errorLocation?: string;
  statement?: string;
  surroundingStatements?: string[];
  fullStatements?: string[];
}

export const ERROR_MESSAGES = {
  PropertyNotLoaded:
    "The property '{0}' is not available. Before reading the property's value, call the load method on the containing object and call \"context.sync()\" on the associated request context.",
  ValueNotLoaded:
    'The value of the result object has not been loaded yet. Before reading the value property, call "context.sync()" on the associated request context.',
  RunMustReturnPromise:
    'The batch function passed to the ".run" method didn\'t return a promise. The function must return a promise, so that any automatically-tracked objects can be released at the completion of the batch operation. Typically, you return a promise by returning the response from "context.sync()".',
  InvalidRequestContext: 'Cannot use the object across different request contexts.',
  InvalidArgument: 'The argument is invalid or missing or has an incorrect format.',
  DimensionMismatch: "The number of rows or columns in the input array doesn't match the size or dimensions of the range.",
  ItemNotFound: "The requested resource doesn't exist.",
  ItemAlreadyExists: 'A resource with the same name or identifier already exists.',
  InvalidOperation: 'The operation is invalid for the object in its current state.',
  TableOverlap: "A table can't overlap another table.",
  RequestPayloadSizeLimitExceeded:
    'The request payload size has exceeded the limit. Please refer to the documentation: "https://docs.microsoft.com/office/dev/add-ins/concepts/resource-limits-and-performance-optimization#excel-add-ins".',
  ResponsePayloadSizeLimitExceeded:
    'The response payload size has exceeded the limit. Please refer to the documentation: "https://docs.microsoft.com/office/dev/add-ins/concepts/resource-limits-and-performance-optimization#excel-add-ins".',
  RangeExceedsLimit:
    'The cell count in the range has exceeded the maximum supported number. See the Resource limits and performance optimization for Office Add-ins article for more information.',
  InvalidObjectPath:
    'The object path \'{0}\' isn\'t working for what you\'re trying to do. If you\'re using the object across multiple "context.sync" calls and outside the sequential execution of a ".run" batch, please use the "context.trackedObjects.add()" and "context.trackedObjects.remove()" methods to manage the object\'s lifetime.',
} as const;

/** HTTP status office.js attaches to the codes it knows (RuntimeError's mapping; 400 for the rest). */
const HTTP_STATUS: Readonly<Record<string, number>> = {
  AccessDenied: 401,
  GeneralException: 500,
  ItemNotFound: 404,
  ItemAlreadyExists: 409,
};

/**
 * The error every failing call rejects with. `name` is 'RichApi.Error' like office.js's RuntimeError, so
 * product code that checks `error instanceof OfficeExtension.Error` works once the installer has set
 * `OfficeExtension.Error` to this class.
 */
export class SimError extends Error {
  readonly code: string;
  readonly debugInfo: SimDebugInfo;
  readonly traceMessages: string[] = [];
  readonly innerError: SimError | null = null;
  readonly httpStatusCode: number;

  constructor(code: string, message: string, errorLocation?: string) {
    super(message);
    Object.setPrototypeOf(this, new.target.prototype);
    this.name = 'RichApi.Error';
    this.code = code;
    this.httpStatusCode = HTTP_STATUS[code] ?? 400;
    this.debugInfo = errorLocation === undefined ? { code, message } : { code, message, errorLocation };
  }

  /** The same error, located at a statement (set by the batch executor for the failing action). */
  at(errorLocation: string, statements?: { statement: string; surroundingStatements: string[]; fullStatements: string[] }): SimError {
    const located = new SimError(this.code, this.message, errorLocation);
    if (statements !== undefined) {
      located.debugInfo.statement = statements.statement;
      located.debugInfo.surroundingStatements = statements.surroundingStatements;
      located.debugInfo.fullStatements = statements.fullStatements;
    }
    return located;
  }
}

export function propertyNotLoaded(entity: string, property: string): SimError {
  return new SimError(
    'PropertyNotLoaded',
    ERROR_MESSAGES.PropertyNotLoaded.replace('{0}', property),
    entity === '' ? undefined : `${entity}.${property}`,
  );
}

export function invalidArgument(detail?: string): SimError {
  return new SimError('InvalidArgument', detail ?? ERROR_MESSAGES.InvalidArgument);
}

export function itemNotFound(): SimError {
  return new SimError('ItemNotFound', ERROR_MESSAGES.ItemNotFound);
}

export function itemAlreadyExists(): SimError {
  return new SimError('ItemAlreadyExists', ERROR_MESSAGES.ItemAlreadyExists);
}

export function invalidOperation(detail?: string): SimError {
  return new SimError('InvalidOperation', detail ?? ERROR_MESSAGES.InvalidOperation);
}
