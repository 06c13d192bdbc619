/**
 * ISO 4217 currency codes: the ones the platform's Intl knows (`Intl.supportedValuesOf('currency')`: the current
 * ISO list, 162 codes in Node 20 and Chromium; withdrawn ones such as DEM are not in it). Where a platform lacks
 * that function, three capital letters pass and the service has the last word.
 */

import { isCurrencyCode } from '../amount-format';

let known: ReadonlySet<string> | undefined;

function isoCodes(): ReadonlySet<string> | undefined {
  const intl = Intl as { supportedValuesOf?: (key: 'currency') => string[] };
  if (known === undefined && typeof intl.supportedValuesOf === 'function') known = new Set(intl.supportedValuesOf('currency'));
  return known;
}

/** True for a code of ISO 4217 (three capital letters the platform knows as a currency). */
export function isIsoCurrency(code: string): boolean {
  if (!isCurrencyCode(code)) return false;
  return isoCodes()?.has(code) ?? true;
}
