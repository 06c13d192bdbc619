/**
 * The add-in a planning workbook opens: the manifest's id and version, found first where IT deployed it centrally
 * (Microsoft 365 admin center) and then where it is sideloaded, so one file serves both. The template's instance id
 * is fixed, so a build gives the same file each time; a file made in the preview gets a new one.
 */

import { webExtensionFor, type AddInManifest, type WebExtensionInfo } from '../hosts/xlsx/web-extension-info';

const TEMPLATE_INSTANCE_ID = '{5C0F1B2E-7A41-4D8B-9E3C-2F6A8D1B4C70}';

export function planningAddIn(manifest: AddInManifest, options: { instanceId?: string } = {}): WebExtensionInfo {
  return webExtensionFor(manifest, [{ kind: 'central' }, { kind: 'sideloaded' }], options);
}

export function templateAddIn(manifest: AddInManifest): WebExtensionInfo {
  return planningAddIn(manifest, { instanceId: TEMPLATE_INSTANCE_ID });
}
