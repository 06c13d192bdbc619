/**
 * The planning workbook template, re-opened with exceljs: its sheets, its tables exactly as the add-in writes them
 * (headers, number formats, widths, in-cell lists), the Overview's CASHFLOW formulas in their file form, the Start
 * here text and the Plan sheet's page in each language, and nothing else holding a formula.
 */

import { Workbook, type Worksheet } from 'exceljs';
import { saveWorkbook } from '../../src/hosts/xlsx/save-workbook';
import { AUTO_SHOW_SETTING } from '../../src/hosts/xlsx/web-extension-info';
import { AMOUNT_CELLS_SETTING, readAmountAreas } from '../../src/sync/workbook-layout/amount-cells';
import { openXlsxDocument } from '../../src/hosts/xlsx/open-xlsx-document';
import { scanPackage } from '../../src/hosts/xlsx/package-secret-scan';
import { startSandbox } from '../../src/sandbox';
import { XlsxWorkbookPort } from '../../src/hosts/xlsx/xlsx-workbook-port';
import { buildTemplate, saveTemplate, TEMPLATE_TABLES, templateRows } from '../../src/template/planning-template';
import { tableSpec } from '../../src/sync/tables';
import { OVERVIEW_CATEGORY_ROWS } from '../../src/sync/workbook-layout/overview-sheet';
import { translate } from '../../src/i18n/translate';
import { GRID_PLACEHOLDER_SETTING, isGridPlaceholder, readPlaceholder } from '../../src/sync/plan-grid';
import type { Language } from '../../src/i18n/catalog';
import { buildTemplateArgs } from '../../scripts/build-template-args';

const ADD_IN = { id: '773ffca3-b486-40c2-a9ee-f12cfa211984', version: '0.1.0.0' };

async function reopened(language: Language): Promise<Workbook> {
  const bytes = await saveTemplate(await buildTemplate({ language }), ADD_IN);
  const workbook = new Workbook();
  await workbook.xlsx.load(bytes.slice().buffer);
  return workbook;
}

interface TableModelView {
  name: string;
  tableRef: string;
  columns: Array<{ name: string }>;
}
function tableOf(sheet: Worksheet, name: string): TableModelView {
  return (sheet.getTable(name) as unknown as { model: TableModelView }).model;
}

function formulaOf(sheet: Worksheet, address: string): string | undefined {
  const value = sheet.getCell(address).value;
  return typeof value === 'object' && value !== null && 'formula' in value ? value.formula : undefined;
}

describe('the planning workbook template', () => {
  let en: Workbook;
  beforeAll(async () => {
    en = await reopened('en');
  });

  it('has Start here, the Overview, the Plan page and the data sheets, in that order, opening on Start here', () => {
    expect(en.worksheets.map((s) => s.name)).toEqual([
      'Start here',
      'Overview',
      'Plan',
      'Transactions',
      'Invoices',
      'Forecast budgets',
      'Categories',
      'Accounts',
    ]);
    expect(en.views[0]?.activeTab).toBe(0);
  });

  it('holds each table as the add-in writes it: same place, header, formats, widths and lists, one empty row (the balance summary its horizons)', async () => {
    const port = new XlsxWorkbookPort(new Workbook());
    for (const model of TEMPLATE_TABLES) await port.writeTable(tableSpec(model, { language: 'en' }), templateRows(model));
    const written = new Workbook();
    await written.xlsx.load(await saveWorkbook(port.workbook));
    for (const model of TEMPLATE_TABLES) {
      const spec = tableSpec(model, { language: 'en' });
      const sheet = en.getWorksheet(spec.sheetName) as Worksheet;
      const expected = written.getWorksheet(spec.sheetName) as Worksheet;
      const table = tableOf(sheet, spec.tableName);
      expect(table.tableRef).toBe(tableOf(expected, spec.tableName).tableRef);
      expect(table.columns.map((c) => c.name)).toEqual(spec.columns.map((c) => c.header));
      const [start] = table.tableRef.split(':') as [string];
      const headerRow = sheet.getCell(start).row as unknown as number;
      spec.columns.forEach((_column, i) => {
        const column = (sheet.getCell(start).col as unknown as number) + i;
        const body = sheet.getCell(headerRow + 1, column);
        expect([spec.tableName, i, body.numFmt, body.value ?? null]).toEqual([
          spec.tableName,
          i,
          expected.getCell(headerRow + 1, column).numFmt,
          expected.getCell(headerRow + 1, column).value ?? null,
        ]);
        expect(sheet.getColumn(column).width).toBe(expected.getColumn(column).width);
        expect(body.dataValidation).toEqual(expected.getCell(headerRow + 1, column).dataValidation);
      });
    }
    // The budget table's code columns offer their lists (the data validation survives the file).
    const budgets = en.getWorksheet('Forecast budgets') as Worksheet;
    const lists: string[] = [];
    budgets.getRow(2).eachCell((header, column) => {
      if (budgets.getCell(3, column).dataValidation?.type === 'list') lists.push(String(header.value));
    });
    expect(lists).toEqual(['Frequency', 'Sequence type', 'Base']);
  });

  it('puts live figures on the Overview as CASHFLOW functions in their file form, formatted as amounts', () => {
    const overview = en.getWorksheet('Overview') as Worksheet;
    expect(formulaOf(overview, 'B5')).toBe('_xldudf_CASHFLOW_BALANCE()');
    expect(formulaOf(overview, 'B9')).toBe('_xldudf_CASHFLOW_BALANCE("fiscal_year_end")');
    expect(formulaOf(overview, 'B12')).toBe('_xldudf_CASHFLOW_DUE("receivable")');
    expect(formulaOf(overview, 'B13')).toBe('_xldudf_CASHFLOW_DUE("payable")');
    expect(formulaOf(overview, 'B14')).toBe('SUM(B12:B13)');
    expect(formulaOf(overview, 'B16')).toBe('YEAR(TODAY())');
    // The actuals grid: months of the year cell as headers, one row per category of the Categories table.
    expect(formulaOf(overview, 'B20')).toBe('DATE($B$16,1,1)');
    expect(formulaOf(overview, 'M20')).toBe('DATE($B$16,12,1)');
    expect(overview.getCell('B20').numFmt).toBe('mmm yyyy');
    expect(formulaOf(overview, 'A21')).toBe('IFERROR(INDEX(Categories[Path],1)&"","")');
    expect(formulaOf(overview, 'C21')).toBe('IF($A21="","",_xldudf_CASHFLOW_ACTUALS($A21,C$20,EOMONTH(C$20,0)))');
    expect(formulaOf(overview, 'N21')).toBe('IF($A21="","",SUM(B21:M21))');
    expect(formulaOf(overview, `A${20 + OVERVIEW_CATEGORY_ROWS}`)).toBe(`IFERROR(INDEX(Categories[Path],${OVERVIEW_CATEGORY_ROWS})&"","")`);
    // The planned grid below it.
    const plannedHeader = 20 + OVERVIEW_CATEGORY_ROWS + 3;
    expect(formulaOf(overview, `B${plannedHeader + 1}`)).toBe(
      `IF($A${plannedHeader + 1}="","",_xldudf_CASHFLOW_PLANNED($A${plannedHeader + 1},B$${plannedHeader},EOMONTH(B$${plannedHeader},0)))`,
    );
    for (const address of ['B5', 'B12', 'B14', 'C21', 'N21'])
      expect([address, overview.getCell(address).numFmt]).toEqual([address, '#,##0.00']);
    expect(overview.getCell('B16').fill).toMatchObject({ fgColor: { argb: 'FFEEF4FB' } });
  });

  it('holds formulas only on the Overview, and its texts as text', () => {
    for (const sheet of en.worksheets) {
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          if (sheet.name !== 'Overview') expect([sheet.name, cell.address, cell.formula]).toEqual([sheet.name, cell.address, undefined]);
          if (typeof cell.value === 'string') expect([sheet.name, cell.address, cell.numFmt]).toEqual([sheet.name, cell.address, '@']);
        }),
      );
    }
  });

  it.each(['de', 'it'] as const)('speaks %s on its own sheets; the tables keep their names', async (language) => {
    const workbook = await reopened(language);
    const overview = translate(language, 'template.overview.sheet');
    const start = translate(language, 'template.start.sheet');
    expect(workbook.worksheets.map((s) => s.name).slice(0, 2)).toEqual([start, overview]);
    expect(workbook.getWorksheet(overview)?.getCell('A1').value).toBe(translate(language, 'template.overview.title'));
    expect(workbook.getWorksheet(start)?.getCell('A4').value).toBe(translate(language, 'template.start.what.text', { overview }));
    expect(workbook.getWorksheet('Transactions')?.getTable('Transactions')).toBeDefined();
    expect(workbook.worksheets[2]?.name).toBe('Plan');
    expect(workbook.getWorksheet('Plan')?.getCell('A1').value).toBe(translate(language, 'template.plan.title'));
  });

  it.each(['en', 'de', 'it'] as const)(
    'holds the Plan sheet’s page in %s and, in a setting, every cell of it: what the first Build grid replaces',
    async (language) => {
      const bytes = await saveTemplate(await buildTemplate({ language }), ADD_IN);
      const { document } = await openXlsxDocument(bytes);
      const page = readPlaceholder(document.settings.get(GRID_PLACEHOLDER_SETTING));
      expect(page?.sheet).toBe('Plan');
      const sheet = document.workbook.getWorksheet('Plan') as Worksheet;
      const cells: { row: number; column: number; value: string }[] = [];
      sheet.eachRow((row, r) => row.eachCell((cell, c) => cells.push({ row: r, column: c, value: String(cell.value) })));
      expect(cells.map((c) => c.value)).toEqual([
        translate(language, 'template.plan.title'),
        translate(language, 'template.plan.what'),
        translate(language, 'template.plan.build'),
        translate(language, 'template.plan.build.text'),
        translate(language, 'template.plan.type'),
        translate(language, 'template.plan.type.text'),
      ]);
      expect(isGridPlaceholder(page, 'Plan', cells)).toBe(true);
      expect(sheet.getColumn(1).width).toBe(80);
    },
  );

  it('opens the add-in with the file: centrally deployed or sideloaded, its pane visible, the auto-open setting on', async () => {
    const bytes = await saveTemplate(await buildTemplate({ language: 'en' }), ADD_IN);
    const { document, addIn, problems } = await openXlsxDocument(bytes);
    expect(problems).toEqual([]);
    expect(addIn?.reference).toEqual({ ...ADD_IN, store: 'EXCatalog', storeType: 'EXCatalog' });
    expect(addIn?.alternateReferences).toEqual([{ ...ADD_IN, store: 'developer', storeType: 'Registry' }]);
    expect(addIn?.pane.visible).toBe(true);
    expect(document.settings.get(AUTO_SHOW_SETTING)).toBe(true);
    expect(readAmountAreas(document.settings.get(AMOUNT_CELLS_SETTING) as string).map((a) => a.address)).toEqual([
      'B5:B9',
      'B12:B14',
      'B21:N60',
      'B64:N103',
    ]);
    expect([...document.settings.keys()].sort()).toEqual([AUTO_SHOW_SETTING, AMOUNT_CELLS_SETTING, GRID_PLACEHOLDER_SETTING].sort());
    // The same bytes from the same build: the template's instance id is fixed.
    expect((await openXlsxDocument(await saveTemplate(await buildTemplate({ language: 'en' }), ADD_IN))).addIn?.instanceId).toBe(
      addIn?.instanceId,
    );
  });

  it('built for a network-share catalog, names it between the central deployment and the sideloaded add-in', async () => {
    const bytes = await saveTemplate(await buildTemplate({ language: 'en' }), ADD_IN, { networkShare: '\\\\fs01\\addins' });
    const { addIn, problems } = await openXlsxDocument(bytes);
    expect(problems).toEqual([]);
    expect(addIn?.reference).toEqual({ ...ADD_IN, store: 'EXCatalog', storeType: 'EXCatalog' });
    expect(addIn?.alternateReferences).toEqual([
      { ...ADD_IN, store: '\\\\fs01\\addins', storeType: 'FileSystem' },
      { ...ADD_IN, store: 'developer', storeType: 'Registry' },
    ]);
  });

  it('takes the network share from the command line only as a UNC path', () => {
    expect(buildTemplateArgs(['out', 'm.xml'])).toEqual({ outDir: 'out', manifestFile: 'm.xml' });
    expect(buildTemplateArgs(['out', 'm.xml', '--network-share=\\\\fs01\\addins\\cashflow'])).toEqual({
      outDir: 'out',
      manifestFile: 'm.xml',
      networkShare: '\\\\fs01\\addins\\cashflow',
    });
    expect(() => buildTemplateArgs(['--network-share=C:\\addins'])).toThrow(/UNC path such as \\\\server\\addins/);
    expect(() => buildTemplateArgs(['--network-share=\\\\fs01'])).toThrow(/UNC path/);
    expect(() => buildTemplateArgs(['--share=\\\\fs01\\addins'])).toThrow(/unknown option --share/);
  });

  it('holds no secret and no credential-like setting in any part', async () => {
    const bytes = await saveTemplate(await buildTemplate({ language: 'de' }), ADD_IN);
    const sandbox = await startSandbox({ port: 0, transactions: 0 });
    try {
      const { clientId, clientSecret } = sandbox.credentials.company;
      const scan = await scanPackage(bytes, [clientId, clientSecret]);
      expect(scan.findings).toEqual([]);
      expect(scan.parts.length).toBeGreaterThan(10);
    } finally {
      await sandbox.close();
    }
  });
});
