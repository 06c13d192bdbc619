/**
 * The add-in's id and version, read from the manifest served beside the preview (`manifest.xml`, the one the build
 * wrote, for whatever origin): a file downloaded from the preview names the add-in it belongs to.
 */

import type { AddInManifest } from '../../hosts/xlsx/web-extension-info';

export async function servedManifest(url = 'manifest.xml'): Promise<AddInManifest> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${response.statusText}`);
  const xml = new DOMParser().parseFromString(await response.text(), 'application/xml');
  const child = (name: string): string => xml.documentElement.querySelector(`:scope > ${name}`)?.textContent?.trim() ?? '';
  const id = child('Id');
  const version = child('Version');
  if (id === '' || version === '') throw new Error(`${url} names no add-in id or version`);
  return { id, version };
}
