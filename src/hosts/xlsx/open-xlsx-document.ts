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
import { UnreadablePartError } from './unreadable-part-error';
import { readWebExtension } from './web-extension-part';
import { type XmlElement, XmlSyntaxError } from './xml-tree';
import { newXlsxDocument, type XlsxDocument } from './xlsx-document';

export interface OpenedXlsxDocument {
  readonly document: XlsxDocument;
  /** The add-in's part, or null when the file has none (a file never opened with the add-in, or written by exceljs). */
  readonly addIn: WebExtensionInfo | null;
  /** Add-in parts that could not be read (the workbook opens all the same; their settings are not in it). */
  readonly problems: readonly PartProblem[];
}

export interface PartProblem {
  readonly part: string;
  readonly reason: 'notWellFormed' | 'unexpectedContent';
  /** The parser's words, for a log (English, not for the user). */
  readonly detail: string;
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
  const problems: PartProblem[] = [];
  const found = choose(await persistedAddIns(await OfficePackage.load(bytes), problems), options.addInId);
  const document = newXlsxDocument(workbook);
  found?.settings.forEach((value, name) => document.settings.set(name, value));
  return { document, addIn: found?.addIn ?? null, problems };
}

/** Every add-in pane the package persists, in the order of its task panes; a part that cannot be read is a problem. */
async function persistedAddIns(pkg: OfficePackage, problems: PartProblem[]): Promise<FoundAddIn[]> {
  const found: FoundAddIn[] = [];
  const packageRelationships = await readRelationships(pkg, '');
  for (const taskPanes of packageRelationships.filter((r) => r.type === RELATIONSHIP_TYPE.webExtensionTaskPanes)) {
    const panes = taskPanes.part === undefined ? [] : ((await readPart(pkg, taskPanes.part, readTaskPanes, problems)) ?? []);
    const fromPanes = panes.length === 0 || taskPanes.part === undefined ? [] : await readRelationships(pkg, taskPanes.part);
    for (const { pane, relationshipId } of panes) {
      const target = fromPanes.find((r) => r.id === relationshipId && r.type === RELATIONSHIP_TYPE.webExtension)?.part;
      const extension = target === undefined ? undefined : await readPart(pkg, target, readWebExtension, problems);
      if (extension === undefined || target === undefined) continue;
      if (extension.reference === undefined) {
        problems.push({ part: target, reason: 'unexpectedContent', detail: 'A web extension without a we:reference.' });
        continue;
      }
      const { instanceId, reference, alternateReferences, settings } = extension;
      found.push({ addIn: { instanceId, reference, alternateReferences, pane }, settings });
    }
  }
  return found;
}

/** A part read by `read`; undefined when it is missing, or unreadable (then listed in `problems`). */
async function readPart<T>(
  pkg: OfficePackage,
  part: string,
  read: (root: XmlElement) => T,
  problems: PartProblem[],
): Promise<T | undefined> {
  try {
    const root = await pkg.xml(part);
    return root === undefined ? undefined : read(root);
  } catch (error) {
    if (error instanceof XmlSyntaxError) problems.push({ part, reason: 'notWellFormed', detail: error.message });
    else if (error instanceof UnreadablePartError) problems.push({ part, reason: 'unexpectedContent', detail: error.message });
    else throw error;
    return undefined;
  }
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
