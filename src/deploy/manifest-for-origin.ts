/**
 * The manifest of a build for an origin: manifest.xml is written against the dev server's origin
 * (`https://localhost:3000`, where `npm start` serves); a build for `https://addin.example.com` gets the same manifest
 * with that origin in every URL (source locations, icons, the functions' script, page and metadata, SupportUrl, the
 * commands' resources) and in AppDomains. Nothing else changes: the Id, the version and every string stay as written,
 * so a colleague's workbook keeps finding the add-in across builds.
 *
 * The dev origin is replaced where it stands (the manifest is our own file, its URLs all begin with it); what is left
 * is then checked: a manifest that still names localhost anywhere fails the build instead of shipping half-moved.
 */

/** The origin manifest.xml names: the dev server of `npm start` (package.json's `config.dev_server_port`). */
export const DEV_ORIGIN = 'https://localhost:3000';

export class ManifestOriginError extends Error {
  override readonly name = 'ManifestOriginError';
}

/** `xml` (manifest.xml) with every URL on `origin` (as parseDeployOrigin gives it: no trailing slash). */
export function manifestForOrigin(xml: string, origin: string): string {
  if (!xml.includes(DEV_ORIGIN)) throw new ManifestOriginError(`manifest.xml names no URL on ${DEV_ORIGIN}: nothing to move to ${origin}.`);
  const moved = xml.split(DEV_ORIGIN).join(origin);
  const left = /[^\s"<>]*localhost[^\s"<>]*/i.exec(moved);
  if (left !== null)
    throw new ManifestOriginError(`manifest.xml still names ${left[0]} after moving to ${origin}: give every URL on ${DEV_ORIGIN}.`);
  return moved;
}

/**
 * The manifest for `npm start` on another port (`DEV_SERVER_PORT=3001`): manifest.xml with every URL on that
 * localhost origin, so a sideloaded add-in loads from where the dev server serves; the same xml for the default port.
 */
export function manifestForDevPort(xml: string, port: number): string {
  const origin = `https://localhost:${port}`;
  if (origin === DEV_ORIGIN) return xml;
  if (!xml.includes(DEV_ORIGIN)) throw new ManifestOriginError(`manifest.xml names no URL on ${DEV_ORIGIN}: nothing to move to ${origin}.`);
  return xml.split(DEV_ORIGIN).join(origin);
}
