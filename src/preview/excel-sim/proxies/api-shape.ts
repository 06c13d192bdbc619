/**
 * Compile-time ties to `@types/office-js`. A simulated class declares the Office.js members it supports with
 * `implements Supported<Excel.Range, 'values' | 'getCell' | ...>`: the names must exist on the real class,
 * properties must have a type assignable to the real one, and methods must take parameters compatible with the
 * real signature (the last overload). Methods return simulated objects, so their return type is not compared.
 * `Named<...>` checks navigation properties (e.g. `Worksheet.tables`) by name only.
 */

export type Supported<T, K extends keyof T> = {
  [P in K]: T[P] extends (...args: infer A) => unknown ? (...args: A) => unknown : T[P];
};

export type Named<T, K extends keyof T> = { [P in K]: unknown };
