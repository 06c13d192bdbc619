/**
 * The headers the deployment's server sends: what an add-in host needs and nothing that breaks it.
 *
 * - Every answer: HSTS (the add-in lives on HTTPS only), `X-Content-Type-Options: nosniff`, `Referrer-Policy:
 *   no-referrer` (the pane's address carries Office's query parameters; the service needs none of it).
 * - Pages (taskpane.html): a Content-Security-Policy. Scripts, styles, images and fonts from the add-in's own origin
 *   (`style-src 'unsafe-inline'`: Fluent UI inserts style elements at run time); connections to its own origin (the
 *   proxy path) and the one service; frames from its own origin only (office.js outside Office opens a telemetry frame
 *   on another host: refused, as in the preview); no plugins, no `<base>`, no form posts.
 * - `frame-ancestors`: Excel on the web shows the pane in a frame of an Office page, so the pane may be framed by
 *   Office's hosts and nothing else. There is no X-Frame-Options (DENY or SAMEORIGIN would blank the pane in Excel on
 *   the web). The hosts: Microsoft's list for apps framed by Microsoft 365 hosts (`*.cloud.microsoft`, `*.office.com`,
 *   `*.microsoft365.com`, Teams'; "Configure Content Security Policy headers", msteams-docs) and the hosts Excel on
 *   the web runs on (`*.officeapps.live.com`; the workbook's page on `*.sharepoint.com`, OneDrive's `onedrive.live.com`,
 *   `*.office365.com`). Excel desktop loads the pane as a top-level page, where frame-ancestors does not apply.
 *   Sovereign clouds and new hosts: `--frame-ancestor`.
 */

export const OFFICE_FRAME_ANCESTORS = [
  'https://*.officeapps.live.com',
  'https://*.sharepoint.com',
  'https://onedrive.live.com',
  'https://*.office.com',
  'https://*.office365.com',
  'https://*.microsoft365.com',
  'https://*.cloud.microsoft',
  'https://teams.microsoft.com',
  'https://*.teams.microsoft.com',
] as const;

/** On every answer of the server. */
export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=31536000',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/** The Content-Security-Policy of the add-in's pages, for a server in front of `service` (an origin). */
export function pagePolicy(service: string, extraFrameAncestors: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${service}`,
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors 'self' ${[...OFFICE_FRAME_ANCESTORS, ...extraFrameAncestors].join(' ')}`,
  ].join('; ');
}
