/**
 * The invocation a custom function gets after its arguments (`CustomFunctions.Invocation`, as custom-functions-
 * runtime.js's `InvocationContext`): `functionName` (the id), `address` (`Sheet1!B2`) when functions.json asks for it
 * (`options.requiresAddress`), and for streaming functions (`options.stream`) `setResult`, which takes a value or a
 * `CustomFunctions.Error` each time it is called. A cancelable or streaming function sets `onCanceled` on it.
 */

import type { FunctionMetadata } from './custom-function-metadata';

export function createInvocation(
  id: string,
  options: FunctionMetadata['options'],
  address: string,
  setResult: (value: unknown) => void,
): CustomFunctions.CancelableInvocation & { setResult?: (value: unknown) => void } {
  const invocation: CustomFunctions.CancelableInvocation & { setResult?: (value: unknown) => void } = { functionName: id };
  if (options?.requiresAddress === true) invocation.address = address;
  if (options?.stream === true) invocation.setResult = setResult;
  return invocation;
}
