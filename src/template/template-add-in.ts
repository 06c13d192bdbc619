/**
 * The add-in a planning workbook opens: the manifest's id and version, found first where IT deployed it centrally
 * (Microsoft 365 admin center), then in a network-share catalog when the build names one (`networkShare`: a catalog
 * is found by its path, `\\server\share`), then where it is sideloaded, so one file serves them all. The template's
 * instance id is fixed, so a build gives the same file each time; a file made in the preview gets a new one.
 */

import { webExtensionFor, type AddInDeployment, type AddInManifest, type WebExtensionInfo } from '../hosts/xlsx/web-extension-info';

const TEMPLATE_INSTANCE_ID = '{5C0F1B2E-7A41-4D8B-9E3C-2F6A8D1B4C70}';

export interface PlanningAddInOptions {
  instanceId?: string;
  /** The network-share catalog the add-in is installed from, if any (`\\server\addins`). */
  networkShare?: string;
}

export function planningAddIn(manifest: AddInManifest, options: PlanningAddInOptions = {}): WebExtensionInfo {
  const { networkShare, ...rest } = options;
  const share: AddInDeployment[] = networkShare === undefined ? [] : [{ kind: 'networkShare', path: networkShare }];
  return webExtensionFor(manifest, [{ kind: 'central' }, ...share, { kind: 'sideloaded' }], rest);
}

export function templateAddIn(manifest: AddInManifest, options: { networkShare?: string } = {}): WebExtensionInfo {
  return planningAddIn(manifest, { ...options, instanceId: TEMPLATE_INSTANCE_ID });
}

/** A network-share catalog's path as Windows takes it: `\\server\share`, optionally a folder below. */
export const NETWORK_SHARE_PATH = /^\\\\[^\\/:*?"<>|\s]+\\[^\\/:*?"<>|]+(\\[^\\/:*?"<>|]+)*\\?$/;
