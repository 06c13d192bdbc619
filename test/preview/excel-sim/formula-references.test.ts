import { createSimulatedWorkbook } from '../../../src/preview/excel-sim';

type Workbook = ReturnType<typeof createSimulatedWorkbook>;

/** `Transactions` on `Data!A1`: Id, Amount, Note; a report sheet with formulas pointing at it. */
async function setup(rows: Array<[number, number, string]>): Promise<Workbook> {
  const wb = createSimulatedWorkbook({ sheets: ['Data', 'My Report', 'Sheet2'] });
  await wb.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem('Data');
    sheet.getRangeByIndexes(0, 0, rows.length + 1, 3).values = [['Id', 'Amount', 'Note'], ...rows];
    sheet.tables.add(`A1:C${rows.length + 1}`, true).name = 'Transactions';
    await context.sync();
  });
  return wb;
}

async function formulas(wb: Workbook, sheet: string, address: string, values: string[][]): Promise<void> {
  await wb.run(async (context) => {
    context.workbook.worksheets.getItem(sheet).getRange(address).formulas = values;
    await context.sync();
  });
}

/** The "pull" of the product: resizes the table to the new rows and writes them (as the Excel host's refresh does). */
async function refresh(wb: Workbook, rows: Array<[number, number, string]>): Promise<void> {
  await wb.run(async (context) => {
    const table = context.workbook.tables.getItem('Transactions');
    const count = table.rows.getCount();
    await context.sync();
    if (rows.length > count.value) table.rows.add(undefined, rows.slice(count.value));
    if (rows.length < count.value) table.rows.deleteRowsAt(rows.length, count.value - rows.length);
    table.getDataBodyRange().getAbsoluteResizedRange(Math.min(rows.length, count.value), 3).values = rows.slice(0, count.value);
    await context.sync();
  });
}

const three: Array<[number, number, string]> = [
  [1, 10, 'a'],
  [2, 20.5, 'b'],
  [3, -4, 'c'],
];

describe('formulas referencing tables and other sheets', () => {
  it('aggregates a table column from another sheet, and follows the table when it is refreshed', async () => {
    const wb = await setup(three);
    await formulas(wb, 'My Report', 'A1:F1', [
      [
        '=SUM(Transactions[Amount])',
        '=COUNT(Transactions[Id])',
        '=COUNTA(Transactions[Note])',
        '=AVERAGE(Transactions[Amount])',
        '=MIN(Transactions[Amount])',
        '=MAX(Transactions[Amount])',
      ],
    ]);
    expect(wb.values('My Report', 'A1:F1')).toEqual([[26.5, 3, 3, 26.5 / 3, -4, 20.5]]);

    const five: Array<[number, number, string]> = [...three, [4, 100, 'd'], [5, 1, 'e']];
    await refresh(wb, five);
    expect(wb.tables()[0]?.address).toBe('Data!A1:C6');
    expect(wb.values('My Report', 'A1:F1')).toEqual([[127.5, 5, 5, 127.5 / 5, -4, 100]]);

    await refresh(wb, [[9, 7, 'z']]);
    expect(wb.values('My Report', 'A1:F1')).toEqual([[7, 1, 1, 7, 7, 7]]);
    expect(wb.formulas('My Report', 'A1')).toEqual([['=SUM(Transactions[Amount])']]);
  });

  it('follows table.resize and rows deleted in the middle', async () => {
    const wb = await setup(three);
    await formulas(wb, 'Sheet2', 'A1', [['=SUM(Transactions[Amount])']]);
    await wb.run(async (context) => {
      const table = context.workbook.tables.getItem('Transactions');
      table.rows.deleteRows([1]);
      await context.sync();
      context.workbook.worksheets.getItem('Data').getRange('A4:C4').values = [[8, 1000, 'x']];
      table.resize('Data!A1:C4');
      await context.sync();
    });
    expect(wb.values('Sheet2', 'A1')).toEqual([[1006]]);
  });

  it('reads other sheets: Sheet2!A1:A10 and quoted names', async () => {
    const wb = await setup(three);
    await formulas(wb, 'Sheet2', 'A1:A3', [['1'], ['2'], ['x']]);
    await formulas(wb, 'My Report', 'B2', [['5']]);
    await formulas(wb, 'Data', 'E1:H1', [['=SUM(Sheet2!A1:A10)', "='My Report'!B2*2", "=sheet2!A1+'My Report'!$B$2", '=Nope!A1']]);
    expect(wb.values('Data', 'E1:H1')).toEqual([[3, 10, 6, '#REF!']]);
  });

  it('supports the structured reference forms and # sections', async () => {
    const wb = await setup(three);
    await formulas(wb, 'Sheet2', 'A1:H1', [
      [
        '=COUNTA(Transactions[#All])',
        '=COUNTA(Transactions[#Headers])',
        '=SUM(Transactions[[Id]:[Amount]])',
        '=COUNTA(Transactions[[#Headers],[Note]])',
        '=COUNTA(Transactions[[#All],[Note]])',
        '=SUM(Transactions)',
        '=SUM(transactions[amount])',
        '=COUNTA(Transactions[[#Headers],[#Data],[Id]])',
      ],
    ]);
    expect(wb.values('Sheet2', 'A1:H1')).toEqual([[12, 3, 32.5, 1, 4, 32.5, 26.5, 4]]);
  });

  it('evaluates [@Column] on the same row, inside or beside the table', async () => {
    const wb = await setup(three);
    await formulas(wb, 'Data', 'E2:G4', [
      ['=Transactions[@Amount]*2', '=[@Id]', '=Transactions[[#This Row],[Note]]&"!"'],
      ['=Transactions[@Amount]*2', '=[@Id]', '=Transactions[[#This Row],[Note]]&"!"'],
      ['=Transactions[@Amount]*2', '=[@Id]', '=Transactions[[#This Row],[Note]]&"!"'],
    ]);
    // [@Id] without a table name needs the formula to be inside a table: E..G are beside it.
    expect(wb.values('Data', 'E2:G4')).toEqual([
      [20, '#REF!', 'a!'],
      [41, '#REF!', 'b!'],
      [-8, '#REF!', 'c!'],
    ]);
    await formulas(wb, 'Data', 'E6', [['=Transactions[@Amount]']]);
    expect(wb.values('Data', 'E6')).toEqual([['#VALUE!']]);
  });

  it('missing tables, columns and totals rows give #REF!; unknown names and functions #NAME?', async () => {
    const wb = await setup(three);
    await formulas(wb, 'Sheet2', 'A1:E1', [
      ['=SUM(Nope[Amount])', '=SUM(Transactions[Nope])', '=SUM(Transactions[#Totals])', '=Nope', '=NOSUCHFUNCTION(1,A1,1)'],
    ]);
    expect(wb.values('Sheet2', 'A1:E1')).toEqual([['#REF!', '#REF!', '#REF!', '#NAME?', '#NAME?']]);
  });

  it('applies Excel argument rules: SUM of a reference ignores text, errors propagate, COUNT skips them', async () => {
    const wb = createSimulatedWorkbook();
    await formulas(wb, 'Sheet1', 'A1:A4', [['1'], ['text'], ['TRUE'], ['=1/0']]);
    await formulas(wb, 'Sheet1', 'B1:B7', [
      ['=SUM(A1:A3)'],
      ['=SUM(A1:A4)'],
      ['=COUNT(A1:A4)'],
      ['=COUNTA(A1:A5)'],
      ['=SUM(1,TRUE,"2")'],
      ['=AVERAGE(A2)'],
      ['=MAX(A:A)'],
    ]);
    expect(wb.values('Sheet1', 'B1:B7')).toEqual([[1], ['#DIV/0!'], [1], [4], [4], ['#DIV/0!'], ['#DIV/0!']]);
    await formulas(wb, 'Sheet1', 'C1:C2', [['=MIN(A1:A3)'], ['=SUM(1:1)']]);
    expect(wb.values('Sheet1', 'C1:C2')).toEqual([[1], [3]]); // A1, B1 and C1 of row 1
  });
});
