/**
 * What the pane learns from Office at start-up: the theme (Excel has no theme-changed event, so once), the display
 * language, the storage partition; and where a sandbox may answer (the page's `?sandbox=`, or in a development
 * build the local default).
 * Outside Office (the preview, a plain browser) every read falls back: light theme, the browser's language.
 */

import type { PaneEnvironment } from './state/app-state';

/** Set by webpack's DefinePlugin: `http://localhost:8787/` in a development build, '' in production. */
declare const __DEFAULT_SANDBOX_URL__: string | undefined;

/**
 * Where a sandbox may answer when the page names none: the local one in a development build (`npm start`); none in
 * a production build, so an installed add-in never probes the user's own computer.
 */
export const DEFAULT_SANDBOX_URL: string | undefined =
  typeof __DEFAULT_SANDBOX_URL__ === 'string' && __DEFAULT_SANDBOX_URL__ !== '' ? __DEFAULT_SANDBOX_URL__ : undefined;

/** Set by webpack's DefinePlugin: `http://localhost:8788/` (`npm start`'s proxy), or `<origin>/service/` in a build for an origin. */
declare const __PROXY_URL__: string | undefined;

/** The add-in's CORS proxy the pane names when a service refuses the add-in's origin (README, "Deploying for a team"). */
export const PROXY_URL: string = typeof __PROXY_URL__ === 'string' ? __PROXY_URL__ : 'http://localhost:8788/';

export function readEnvironment(location: { search: string } = window.location): PaneEnvironment & { partitionKey: string } {
  const context = officeContext();
  const background = read(() => context?.officeTheme?.bodyBackgroundColor);
  const displayLanguage = read(() => context?.displayLanguage) ?? read(() => globalThis.navigator?.language);
  const partitionKey = read(() => context?.partitionKey) ?? '';
  const sandboxUrl = new URLSearchParams(location.search).get('sandbox') ?? DEFAULT_SANDBOX_URL;
  return {
    theme: background !== undefined && isDark(background) ? 'dark' : 'light',
    displayLanguage,
    partitionKey,
    ...(sandboxUrl === undefined ? {} : { sandboxUrl }),
  };
}

function officeContext(): Office.Context | undefined {
  return read(() => (typeof Office === 'undefined' ? undefined : Office.context));
}

/** Office.js getters may throw outside a host: treat that as "not said". */
function read<T>(get: () => T | undefined | null): T | undefined {
  try {
    return get() ?? undefined;
  } catch {
    return undefined;
  }
}

/** A `#rrggbb` background darker than mid-grey (relative luminance) means the dark theme. */
export function isDark(color: string): boolean {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(color.trim());
  if (match === null) return false;
  const [r, g, b] = [match[1], match[2], match[3]].map((h) => {
    const c = parseInt(h ?? '0', 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.2;
}
