/**
 * A big table (more rows than the port's `bigTableRows`, lowered here so the test is quick): its body kept out of
 * exceljs and streamed into the file when it is saved. The file must hold what the same rows written the small way
 * hold, cell for cell (value, format, never a formula), with the same table, lists, stamp and add-in part.
 */

import { Workbook } from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import type { Category, Transaction } from '../../../src/api';
import { BigTableError } from '../../../src/hosts/xlsx/big-table';
import { openXlsxDocument } from '../../../src/hosts/xlsx/open-xlsx-document';
import { scanPackage } from '../../../src/hosts/xlsx/package-secret-scan';
import { saveXlsxDocument } from '../../../src/hosts/xlsx/save-xlsx-document';
import { webExtensionFor } from '../../../src/hosts/xlsx/web-extension-info';
import { newXlsxDocument, type XlsxDocument } from '../../../src/hosts/xlsx/xlsx-document';
import { XlsxBaselineStore } from '../../../src/hosts/xlsx/xlsx-baseline-store';
import { xlsxHost } from '../../../src/hosts/xlsx/xlsx-host';
import { XlsxWorkbookPort } from '../../../src/hosts/xlsx/xlsx-workbook-port';
import type { BaselineRow } from '../../../src/sync/push/diff';
import { BASELINE_SHEET } from '../../../src/sync/push/baseline-sheet-layout';
import { buildLookups, tableSpec, toRow, TRANSACTIONS_TABLE } from '../../../src/sync/tables';
import { LISTS_SHEET } from '../../../src/sync/tables/lists-sheet';
import type { CoreRow, CoreValue, TableSpec } from '../../../src/sync/workbook-port';
import { category, transaction } from '../../api/support/fixtures';
import { spreadsheetTexts } from '../../fixtures/spreadsheet-text';
import { row, SPEC } from './xlsx-setup';

const addIn = webExtensionFor({ id: '6b1d3e0a-4c7f-4f1e-9a51-2d8c0f6e7a10', version: '1.2.0.0' }, [{ kind: 'sideloaded' }], {
  instanceId: '{0F3A9C2E-5B71-4D8A-8E6F-1C2B3D4E5F60}',
});
const STAMP = { text: 'Pulled 2026-11-26 22:00 · 64 rows' };

/** The corpus of hostile texts as purposes, then plain rows: 64 rows in all. */
function hostileRows(): Array<Record<string, CoreValue>> {
  const texts = [...spreadsheetTexts().map((e) => e.text), '_x000D_ stays', 'bell\u0007', 'a & b < c > d'];
  return Array.from({ length: 64 }, (_, i) => row(i + 1, i < texts.length ? { purpose: texts[i] ?? '' } : {}));
}

/** The rows written as a pull does (table, stamp, baseline of every row, input look when pushable), then saved. */
async function written(spec: TableSpec, rows: readonly CoreRow[], bigTableRows?: number, pushable = false): Promise<Uint8Array> {
  const document: XlsxDocument = newXlsxDocument();
  const host = xlsxHost(document, bigTableRows === undefined ? {} : { bigTableRows });
  await host.port.writeTable(spec, rows);
  await host.port.writeStamp(spec.tableName, STAMP);
  await host.baselines.write(spec.tableName, baselineOf(rows.length));
  if (pushable) await host.push.styleInputs(TRANSACTIONS_TABLE);
  document.settings.set('cashflow.pull.Transactions', '{"resource":"transactions"}');
  return saveXlsxDocument(document, addIn);
}

function baselineOf(count: number): BaselineRow[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    externalId: i % 3 === 0 ? null : `ext-${i}`,
    fields: { purpose: `Payment ${i}\r`, amount: i },
  }));
}

async function loaded(bytes: Uint8Array): Promise<Workbook> {
  const workbook = new Workbook();
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return workbook;
}

function cellsOf(workbook: Workbook, sheetName: string, rows: number, columns: number): unknown[][] {
  const sheet = workbook.getWorksheet(sheetName);
  return Array.from({ length: rows }, (_, r) =>
    Array.from({ length: columns }, (_, c) => {
      const cell = sheet?.getCell(r + 1, c + 1);
      const look = [cell?.fill, cell?.font?.color];
      return [cell?.address, cell?.value ?? null, cell?.numFmt, cell?.formula, cell?.dataValidation, look];
    }),
  );
}

function tableModel(workbook: Workbook, sheetName: string, name: string): unknown {
  return (workbook.getWorksheet(sheetName)?.getTable(name) as unknown as { model: { tableRef: string; autoFilterRef: string } }).model;
}

describe('a big table in a workbook file (body kept out of exceljs, streamed at save)', () => {
  it('holds cell for cell what the small way writes: values, formats, texts as text, the table, in-cell lists and the stamp', async () => {
    const small = await loaded(await written(SPEC, hostileRows()));
    const bigBytes = await written(SPEC, hostileRows(), 10);
    const big = await loaded(bigBytes);
    expect(cellsOf(big, 'Transactions', 66, 10)).toEqual(cellsOf(small, 'Transactions', 66, 10));
    expect(tableModel(big, 'Transactions', 'Transactions')).toEqual(tableModel(small, 'Transactions', 'Transactions'));
    expect(big.getWorksheet('Transactions')?.getCell('A1').value).toBe(STAMP.text);
    expect(big.getWorksheet('Transactions')?.views).toEqual(small.getWorksheet('Transactions')?.views);
    expect(big.getWorksheet('Transactions')?.getColumn(5).width).toBe(small.getWorksheet('Transactions')?.getColumn(5).width);
    big
      .getWorksheet('Transactions')
      ?.eachRow((line) => line.eachCell((cell) => expect([cell.address, cell.formula]).toEqual([cell.address, undefined])));
  });

  it('writes the body rows inline, the lists as one range per column, and a dimension covering the rows', async () => {
    const parts = unzipSync(await written(SPEC, hostileRows(), 10));
    const sheet = strFromU8(parts['xl/worksheets/sheet1.xml'] ?? new Uint8Array());
    expect(sheet).toContain('<dimension ref="A1:I66"/>');
    expect(sheet).toContain('<c r="E66" s="');
    expect(sheet.match(/<dataValidation /g)).toHaveLength(1);
    expect(sheet).toMatch(/sqref="G3:G66"/);
    expect(sheet).not.toMatch(/<f>/);
  });

  it('opens with our open path: the add-in part and its settings, and the table read back as written', async () => {
    const document = newXlsxDocument();
    const port = new XlsxWorkbookPort(document.workbook, { bigTableRows: 10 });
    await port.writeTable(SPEC, hostileRows());
    const inMemory = await port.readTable('Transactions', SPEC.columns);
    document.settings.set('cashflow.pull.Transactions', '{"resource":"transactions"}');
    const opened = await openXlsxDocument(await saveXlsxDocument(document, addIn), { addInId: addIn.reference.id });
    expect(opened.addIn?.instanceId).toBe(addIn.instanceId);
    expect(opened.document.settings.get('cashflow.pull.Transactions')).toBe('{"resource":"transactions"}');
    const fromFile = await new XlsxWorkbookPort(opened.document.workbook).readTable('Transactions', SPEC.columns);
    expect(fromFile.rows).toHaveLength(64);
    expect(fromFile.rows).toEqual(inMemory.rows);
    const smallPort = new XlsxWorkbookPort(new Workbook());
    await smallPort.writeTable(SPEC, hostileRows());
    expect(inMemory.rows).toEqual((await smallPort.readTable('Transactions', SPEC.columns)).rows);
  });

  it('the Transactions table: its category list on the very hidden lists sheet, one rule over the Category body', async () => {
    const all = [
      { ...category(1), name: 'Group', is_category: false },
      { ...category(100, 1), name: 'Rent' },
    ] as unknown as Category[];
    const lookups = buildLookups({ categories: all, language: 'de' });
    const spec = tableSpec(TRANSACTIONS_TABLE, { lookups, language: 'de' });
    const rows = Array.from({ length: 30 }, (_, i) =>
      toRow(
        TRANSACTIONS_TABLE,
        transaction(1 + i, 1, { category: { id: 100, name: 'Rent', description: '' } }) as unknown as Transaction,
        lookups,
      ),
    );
    const big = await loaded(await written(spec, rows, 5, true));
    const small = await loaded(await written(spec, rows, undefined, true));
    const width = spec.columns.length;
    expect(cellsOf(big, spec.sheetName, 32, width)).toEqual(cellsOf(small, spec.sheetName, 32, width));
    expect(big.getWorksheet(LISTS_SHEET)?.state).toBe('veryHidden');
    expect(cellsOf(big, LISTS_SHEET, 3, 2)).toEqual(cellsOf(small, LISTS_SHEET, 3, 2));
    const categoryColumn = spec.columns.findIndex((c) => c.key === 'category_path') + 1;
    expect(big.getWorksheet(spec.sheetName)?.getCell(3, categoryColumn).fill).toMatchObject({ type: 'pattern', pattern: 'solid' });
  });

  it('a big baseline block: its rows apart from exceljs, the file holding the same sheet, read back whole', async () => {
    const big = await loaded(await written(SPEC, hostileRows(), 10));
    const small = await loaded(await written(SPEC, hostileRows()));
    expect(cellsOf(big, BASELINE_SHEET, 66, 4)).toEqual(cellsOf(small, BASELINE_SHEET, 66, 4));
    expect(await new XlsxBaselineStore(big).read('Transactions')).toEqual(baselineOf(64));
    const document = newXlsxDocument();
    const store = new XlsxBaselineStore(document.workbook, 10);
    await store.write('Transactions', baselineOf(64));
    expect(await store.read('Transactions')).toEqual(baselineOf(64));
    await store.write('Invoices', baselineOf(3));
    expect(await store.read('Invoices')).toEqual(baselineOf(3));
    const opened = await openXlsxDocument(await saveXlsxDocument(document, addIn));
    expect(await new XlsxBaselineStore(opened.document.workbook).read('Transactions')).toEqual(baselineOf(64));
    expect(await new XlsxBaselineStore(opened.document.workbook).read('Invoices')).toEqual(baselineOf(3));
  });

  it('the secret scan reads the streamed sheet part', async () => {
    const bytes = await written(SPEC, [...hostileRows(), row(65, { purpose: 'leaked s3cr3t-value' })], 10);
    const scan = await scanPackage(bytes, ['s3cr3t-value']);
    expect(scan.findings).toEqual([{ part: 'xl/worksheets/sheet1.xml', kind: 'secret', detail: 'secret 1' }]);
  });

  it('is read from its store in memory; a refresh of it in the same document is refused, nothing changed', async () => {
    const port = new XlsxWorkbookPort(new Workbook(), { bigTableRows: 10 });
    await port.writeTable(SPEC, hostileRows());
    await expect(port.writeTable(SPEC, hostileRows().slice(0, 3))).rejects.toBeInstanceOf(BigTableError);
    expect((await port.readTable('Transactions', SPEC.columns)).rows).toHaveLength(64);
  });
});
