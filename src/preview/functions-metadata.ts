/**
 * The custom functions' metadata (functions.json, which every build writes next to the preview's pages) for the
 * preview's workbook, so that its formulas call the functions as Excel does: one value per parameter (omitted
 * optional ones null), typed parameters converted, described functions `#BUSY!` until functions.js associates them.
 * Without it (not found, not readable) the functions are still called, with the arguments as written.
 */

import type { SimulatedWorkbook } from './excel-sim';

export async function loadFunctionsMetadata(workbook: SimulatedWorkbook, url = 'functions.json'): Promise<void> {
  try {
    const response = await fetch(url, { cache: 'no-store' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    workbook.describeCustomFunctions(await response.json());
  } catch (error) {
    console.warn(
      `preview: ${url} could not be read (${error instanceof Error ? error.message : String(error)}); custom functions get the arguments as written.`,
    );
  }
}
