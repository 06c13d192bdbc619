/**
 * Runs first in the preview's task pane frame (preview-pane.html), before the unchanged task pane and functions
 * bundles: it makes the parent page's simulation the frame's `Excel` / `OfficeExtension`, and Office.context tell
 * the theme and display language the page chose (passed in this frame's query, see preview-options.ts).
 *
 * Outside Office, office.js's `Office.context` is a getter (not writable, not configurable) whose object is replaced
 * while office.js starts, and `Office.onReady` resolves with host null. So the properties are defined on the object
 * it returns once `Office.onReady` has fired: this callback is registered before the pane's own, so the pane reads
 * them after its `await Office.onReady()`. Excel has no theme-changed event: the page reloads this frame instead.
 */

import { displayLanguage, officeTheme } from './office-environment';
import { readPreviewOptions } from './preview-options';

const options = readPreviewOptions(location.search);
const frame = window as Window & Partial<Record<'Excel' | 'OfficeExtension', unknown>>;

let parentPreview: Window['cashflowPreview'];
try {
  parentPreview = window.parent === window ? undefined : window.parent.cashflowPreview;
} catch {
  parentPreview = undefined; // another origin's page: nothing to bridge
}
if (parentPreview) {
  frame.Excel = parentPreview.globals.Excel;
  frame.OfficeExtension = parentPreview.globals.OfficeExtension;
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

if (typeof Office !== 'undefined') {
  describeEnvironment();
  void Office.onReady(describeEnvironment);
}
