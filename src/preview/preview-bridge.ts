/**
 * Runs first in the preview's task pane frame (preview-pane.html), before the unchanged task pane and functions
 * bundles: it makes the parent page's simulation the frame's `Excel` / `OfficeExtension` / `CustomFunctions`, and
 * Office.context tell the theme and display language the page chose (passed in this frame's query, see
 * preview-options.ts).
 *
 * `CustomFunctions`: office.js (loaded before this bundle) declares its own global `var CustomFunctions` (writable,
 * not configurable) whose `associate` only records the functions for a custom functions runtime that does not start
 * outside Office. This bridge replaces it with the simulated workbook's, so the `CustomFunctions.associate(...)` calls
 * functions.js ends with register the functions with the workbook its formulas run in; office.js loads nothing later
 * that would set it again (checked in Chromium), and the check after Office.onReady below would say so.
 *
 * Outside Office, office.js's `Office.context` is a getter (not writable, not configurable) whose object is replaced
 * while office.js starts, and `Office.onReady` resolves with host null. So the properties are defined on the object
 * it returns once `Office.onReady` has fired: this callback is registered before the pane's own, so the pane reads
 * them after its `await Office.onReady()`. Excel has no theme-changed event: the page reloads this frame instead.
 */

import { displayLanguage, officeTheme } from './office-environment';
import { readPreviewOptions } from './preview-options';

const options = readPreviewOptions(location.search);
const frame = window as Window & Partial<Record<'Excel' | 'OfficeExtension' | 'CustomFunctions', unknown>>;

let parentPreview: Window['cashflowPreview'];
try {
  parentPreview = window.parent === window ? undefined : window.parent.cashflowPreview;
} catch {
  parentPreview = undefined; // another origin's page: nothing to bridge
}
if (parentPreview) {
  frame.Excel = parentPreview.globals.Excel;
  frame.OfficeExtension = parentPreview.globals.OfficeExtension;
  frame.CustomFunctions = parentPreview.globals.CustomFunctions;
} else {
  console.warn('preview-bridge: no preview page around this frame; Excel stays undefined.');
}

function describeEnvironment(): void {
  if (typeof Office === 'undefined') return;
  const context: object | undefined = Office.context;
  if (!context) return;
  Object.defineProperty(context, 'officeTheme', { value: officeTheme(options.theme), configurable: true, enumerable: true });
  const language = displayLanguage(options.language);
  Object.defineProperty(context, 'displayLanguage', { value: language, configurable: true, enumerable: true });
  Object.defineProperty(context, 'contentLanguage', { value: language, configurable: true, enumerable: true });
}

function checkCustomFunctions(): void {
  if (parentPreview && frame.CustomFunctions !== parentPreview.globals.CustomFunctions) {
    console.error('preview-bridge: CustomFunctions was replaced after the bridge ran; custom functions do not reach the preview.');
  }
}

if (typeof Office !== 'undefined') {
  describeEnvironment();
  void Office.onReady(() => {
    describeEnvironment();
    checkCustomFunctions();
  });
}
