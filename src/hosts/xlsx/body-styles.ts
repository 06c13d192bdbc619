/**
 * The cell styles of a big table's body (`big-table.ts`) in the package's `xl/styles.xml`: exceljs wrote the styles
 * of the cells it holds, so each body format gets a `cellXfs` entry here, as exceljs would give a cell with only a
 * number format (`numFmtId`, font, fill and border 0, `applyNumberFormat`), its `numFmt` reused when the part has one
 * with that code or Excel has it built in, else added after the highest id. Read and written as an XML document.
 */

import { INPUT_FILL, INPUT_FONT } from '../../sync/push/input-style-colours';
import { parseXml, serializeXml, xmlElement, nameLike, type XmlElement } from './xml-tree';

/** A cell style of a big block: its number format, and whether it is an input cell (`input-cells.ts`'s look). */
export interface BodyStyle {
  format: string;
  input: boolean;
}

export function styleKey(style: BodyStyle): string {
  return `${style.input ? 'input' : 'plain'}|${style.format}`;
}

/** Excel's built-in formats the add-in's columns use (ECMA-376 18.8.30), as exceljs numbers them. */
const BUILT_IN: Readonly<Record<string, number>> = { General: 0, '0': 1, '0.00': 2, '#,##0': 3, '#,##0.00': 4, '@': 49 };
const FIRST_CUSTOM_ID = 164;

export interface BodyStyles {
  /** The part's new text. */
  readonly xml: string;
  /** The `s` index of each style by `styleKey` (0: the default style, written without `s`). */
  readonly styleOf: ReadonlyMap<string, number>;
}

export function addBodyStyles(stylesXml: string, styles: readonly BodyStyle[]): BodyStyles {
  const root = parseXml(stylesXml);
  const numFmts = numFmtsOf(root);
  const cellXfs = childElement(root, 'cellXfs');
  if (cellXfs === undefined) throw new Error('xl/styles.xml has no cellXfs.');
  const ids = new Map<string, number>(Object.entries(BUILT_IN));
  let nextId = FIRST_CUSTOM_ID;
  for (const numFmt of elementsOf(numFmts)) {
    const id = Number(numFmt.attributes.numFmtId);
    ids.set(numFmt.attributes.formatCode ?? '', id);
    nextId = Math.max(nextId, id + 1);
  }
  const styleOf = new Map<string, number>();
  const input = styles.some((style) => style.input) ? addInputLook(root) : undefined;
  for (const style of styles) {
    const { format } = style;
    const key = styleKey(style);
    if (styleOf.has(key)) continue;
    if (format === 'General' && !style.input) {
      styleOf.set(key, 0);
      continue;
    }
    let id = ids.get(format);
    if (id === undefined) {
      id = nextId++;
      ids.set(format, id);
      numFmts.children.push(xmlElement(nameLike(root.name, 'numFmt'), { numFmtId: String(id), formatCode: format }));
    }
    styleOf.set(key, elementsOf(cellXfs).length);
    const look = style.input && input !== undefined ? { fontId: input.fontId, fillId: input.fillId } : { fontId: '0', fillId: '0' };
    const applied: Record<string, string> = style.input ? { applyFont: '1', applyFill: '1' } : {};
    cellXfs.children.push(
      xmlElement(nameLike(root.name, 'xf'), {
        numFmtId: String(id),
        ...look,
        borderId: '0',
        xfId: '0',
        ...(format === 'General' ? {} : ({ applyNumberFormat: '1' } as Record<string, string>)),
        ...applied,
      }),
    );
  }
  setCount(numFmts);
  setCount(cellXfs);
  return { xml: serializeXml(root), styleOf };
}

function elementsOf(parent: XmlElement): XmlElement[] {
  return parent.children.filter((c): c is XmlElement => typeof c !== 'string');
}

/** A child of the style sheet by its local name, in the root's prefix (exceljs and Excel write none). */
function childElement(root: XmlElement, localName: string): XmlElement | undefined {
  return elementsOf(root).find((e) => e.name === nameLike(root.name, localName));
}

/** The part's `numFmts`, added as the first child (the schema's place) when it has none. */
function numFmtsOf(root: XmlElement): XmlElement {
  const found = childElement(root, 'numFmts');
  if (found !== undefined) return found;
  const added = xmlElement(nameLike(root.name, 'numFmts'), { count: '0' });
  root.children.unshift(added);
  return added;
}

function setCount(element: XmlElement): void {
  (element.attributes as Record<string, string>).count = String(elementsOf(element).length);
}

/** The input cells' font (colour) and fill (solid) added to the part: their ids. */
function addInputLook(root: XmlElement): { fontId: string; fillId: string } {
  const fonts = childElement(root, 'fonts');
  const fills = childElement(root, 'fills');
  if (fonts === undefined || fills === undefined) throw new Error('xl/styles.xml has no fonts or fills.');
  const argb = (colour: string): string => `FF${colour.slice(1).toUpperCase()}`;
  const n = (local: string, attributes: Record<string, string> = {}, children: XmlElement[] = []): XmlElement =>
    xmlElement(nameLike(root.name, local), attributes, children);
  const fontId = String(elementsOf(fonts).length);
  fonts.children.push(n('font', {}, [n('color', { rgb: argb(INPUT_FONT) })]));
  const fillId = String(elementsOf(fills).length);
  fills.children.push(n('fill', {}, [n('patternFill', { patternType: 'solid' }, [n('fgColor', { rgb: argb(INPUT_FILL) })])]));
  setCount(fonts);
  setCount(fills);
  return { fontId, fillId };
}
