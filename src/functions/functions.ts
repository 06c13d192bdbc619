/* CASHFLOW.* custom functions. custom-functions-metadata-plugin generates functions.json from the JSDoc
 * below and appends the CustomFunctions.associate calls itself. */
import { APP_VERSION } from '../version';

/**
 * Returns the version of the Cash-Flow Planner add-in.
 * @customfunction VERSION
 * @returns The add-in version, for example 0.1.0.
 */
export function version(): string {
  return APP_VERSION;
}
