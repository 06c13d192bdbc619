/**
 * An xlsx file as the zip package it is (Open Packaging Conventions), over JSZip: its parts by name (no leading
 * slash, as the zip stores them), read as text or as XML trees, written as XML trees, and the package's bytes.
 * Browser-safe: bytes in, bytes out, no file system.
 */

import JSZip from 'jszip';
import { parseXml, serializeXml, type XmlElement } from './xml-tree';

export type PackageBytes = ArrayBuffer | Uint8Array;

export class OfficePackage {
  private constructor(private readonly zip: JSZip) {}

  static async load(bytes: PackageBytes): Promise<OfficePackage> {
    return new OfficePackage(await JSZip.loadAsync(bytes));
  }

  /** Every part's name (folders are not parts). */
  partNames(): string[] {
    return Object.values(this.zip.files)
      .filter((entry) => !entry.dir)
      .map((entry) => entry.name);
  }

  has(part: string): boolean {
    const entry = this.zip.file(part);
    return entry !== null && !entry.dir;
  }

  /** A part's bytes decoded as UTF-8 (what every XML part of an xlsx is), or undefined when there is no such part. */
  async text(part: string): Promise<string | undefined> {
    const entry = this.zip.file(part);
    return entry === null ? undefined : entry.async('string');
  }

  async xml(part: string): Promise<XmlElement | undefined> {
    const text = await this.text(part);
    return text === undefined ? undefined : parseXml(text);
  }

  /** Written as UTF-8 bytes: JSZip would split an emoji at a 16,384-character boundary of a string (`utf8-zip-parts.ts`). */
  setXml(part: string, root: XmlElement): void {
    this.zip.file(part, new TextEncoder().encode(serializeXml(root)));
  }

  async bytes(): Promise<Uint8Array> {
    return this.zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 6 } });
  }
}
