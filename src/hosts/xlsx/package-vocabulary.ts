/**
 * The names the file format gives the parts this host adds or reads besides exceljs: Open Packaging Conventions
 * (ECMA-376 part 2) for relationships and content types, [MS-OWEXML] for an add-in's web-extension parts. The same
 * names as Microsoft's own sample (Office-Addin-Scripts, `office-addin-dev-settings/templates`) and the template
 * section of office-notes.md.
 */

export const CONTENT_TYPES_PART = '[Content_Types].xml';

export const NS = {
  contentTypes: 'http://schemas.openxmlformats.org/package/2006/content-types',
  packageRelationships: 'http://schemas.openxmlformats.org/package/2006/relationships',
  /** The `r:` of `r:id` in a part that points at a relationship. */
  relationships: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  webExtension: 'http://schemas.microsoft.com/office/webextensions/webextension/2010/11',
  taskPanes: 'http://schemas.microsoft.com/office/webextensions/taskpanes/2010/11',
} as const;

export const RELATIONSHIP_TYPE = {
  webExtensionTaskPanes: 'http://schemas.microsoft.com/office/2011/relationships/webextensiontaskpanes',
  webExtension: 'http://schemas.microsoft.com/office/2011/relationships/webextension',
} as const;

export const CONTENT_TYPE = {
  webExtensionTaskPanes: 'application/vnd.ms-office.webextensiontaskpanes+xml',
  webExtension: 'application/vnd.ms-office.webextension+xml',
} as const;

/** Where Excel puts them (the names are free; the relationships are what count). */
export const TASK_PANES_PART = 'xl/webextensions/taskpanes.xml';
export const WEB_EXTENSION_PART = 'xl/webextensions/webextension1.xml';
