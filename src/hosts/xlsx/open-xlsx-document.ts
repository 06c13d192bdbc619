/**
 * A workbook file opened from its bytes: exceljs loads the workbook (sheets, tables, cells), and the package is read
 * for what exceljs drops, the add-in's web-extension part: its reference, its task pane, and its properties, which
 * become the document's settings. Steps: load the workbook → follow the package's task panes relationship → each
 * pane's web-extension part → pick the add-in → the document. Browser-safe (bytes in, no file system).
 */

import { Workbook } from 'exceljs';
import { OfficePackage, type PackageBytes } from './office-package';
import { RELATIONSHIP_TYPE } from './package-vocabulary';
import { readRelationships } from './package-relationships';
import { readTaskPanes } from './task-panes-part';
import type { AddInReference, WebExtensionInfo } from './web-extension-info';
import { readWebExtension } from './web-extension-part';
import { newXlsxDocument, type XlsxDocument } from './xlsx-document';

export interface OpenedXlsxDocument {
  readonly document: XlsxDocument;
  /** The add-in's part, or null when the file has none (a file never opened with the add-in, or written by exceljs). */
  readonly addIn: WebExtensionInfo | null;
}

interface FoundAddIn {
  readonly addIn: WebExtensionInfo;
  readonly settings: Map<string, unknown>;
}

/**
 * Opens a file. With `addInId` (the manifest's id), the pane of that add-in is taken (by its reference or an
 * alternate); without, the first pane the file persists. Other add-ins' panes are not kept.
 */
export async function openXlsxDocument(bytes: PackageBytes, options: { addInId?: string } = {}): Promise<OpenedXlsxDocument> {
  const workbook = new Workbook();
  await workbook.xlsx.load(asArrayBuffer(bytes));
  const found = choose(await persistedAddIns(await OfficePackage.load(bytes)), options.addInId);
  const document = newXlsxDocument(workbook);
  found?.settings.forEach((value, name) => document.settings.set(name, value));
  return { document, addIn: found?.addIn ?? null };
}

/** Every add-in pane the package persists, in the order of its task panes. */
async function persistedAddIns(pkg: OfficePackage): Promise<FoundAddIn[]> {
  const found: FoundAddIn[] = [];
  const packageRelationships = await readRelationships(pkg, '');
  for (const taskPanes of packageRelationships.filter((r) => r.type === RELATIONSHIP_TYPE.webExtensionTaskPanes)) {
    if (taskPanes.part === undefined) continue;
    const panesRoot = await pkg.xml(taskPanes.part);
    if (panesRoot === undefined) continue;
    const fromPanes = await readRelationships(pkg, taskPanes.part);
    for (const { pane, relationshipId } of readTaskPanes(panesRoot)) {
      const target = fromPanes.find((r) => r.id === relationshipId && r.type === RELATIONSHIP_TYPE.webExtension)?.part;
      const extensionRoot = target === undefined ? undefined : await pkg.xml(target);
      if (extensionRoot === undefined) continue;
      const { instanceId, reference, alternateReferences, settings } = readWebExtension(extensionRoot);
      if (reference !== undefined) found.push({ addIn: { instanceId, reference, alternateReferences, pane }, settings });
    }
  }
  return found;
}

function choose(found: FoundAddIn[], addInId: string | undefined): FoundAddIn | undefined {
  if (addInId === undefined) return found[0];
  const names = (reference: AddInReference): boolean => sameId(reference.id, addInId);
  return found.find(({ addIn }) => names(addIn.reference) || addIn.alternateReferences.some(names));
}

/** Manifest ids are GUIDs: compared without case and braces. */
function sameId(a: string, b: string): boolean {
  const plain = (id: string): string => id.replace(/[{}]/g, '').toLowerCase();
  return plain(a) === plain(b);
}

function asArrayBuffer(bytes: PackageBytes): ArrayBuffer {
  if (bytes instanceof ArrayBuffer) return bytes;
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
