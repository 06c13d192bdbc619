import { createSimulatedWorkbook } from '../../../src/preview/excel-sim';

type Workbook = ReturnType<typeof createSimulatedWorkbook>;
type Value = string | number | boolean;

/**
 * Sheet1!A1:D6 holds a small ledger; each formula is written in column J and its value read back.
 *   A: Item     B: Amount  C: Date (serial)  D: Flag
 */
const LEDGER: Value[][] = [
  ['Item', 'Amount', 'Date', 'Flag'],
  ['Apple', 10, '1/15/2024', true],
  ['banana', 20, '2/10/2024', false],
  ['apple', 5, '2/20/2024', true],
  ['Cherry', 7.5, '3/1/2024', ''],
  ['1', -2, '', 'x'],
];

async function ledger(): Promise<Workbook> {
  const wb = createSimulatedWorkbook({ sheets: ['Sheet1', 'Other'], currentYear: 2024 });
  await wb.run(async (context) => {
    context.workbook.worksheets.getItem('Sheet1').getRange('A1:D6').values = LEDGER;
    await context.sync();
  });
  return wb;
}

async function evaluate(wb: Workbook, formulas: string[], sheet = 'Sheet1', column = 'J'): Promise<Value[]> {
  const address = `${column}1:${column}${formulas.length}`;
  await wb.run(async (context) => {
    context.workbook.worksheets.getItem(sheet).getRange(address).formulas = formulas.map((f) => [f]);
    await context.sync();
  });
  return wb.values(sheet, address).map((row) => row[0] as Value);
}

/** Evaluates `cases` (formula → expected value) and compares them all at once, so a failure names the formula. */
async function expectValues(cases: Array<[string, Value]>, wb?: Workbook): Promise<void> {
  const book = wb ?? (await ledger());
  const values = await evaluate(
    book,
    cases.map(([f]) => f),
  );
  expect(cases.map(([f], i) => [f, values[i]])).toEqual(cases);
}

describe('formula operators', () => {
  it('compares numbers, text (case-insensitively), booleans and blanks as Excel does', async () => {
    await expectValues([
      ['=1+2*3>6', true],
      ['=2<=2', true],
      ['=3<>3', false],
      ['="a"="A"', true],
      ['="apple"<"Banana"', true],
      ['=A2=A4', true], // Apple = apple
      ['=1<"a"', true], // numbers < text
      ['="zzz"<TRUE', true], // text < booleans
      ['=FALSE<TRUE', true],
      ['=99999>FALSE', false],
      ['="1"=1', false], // no conversion in comparisons
      ['=Z99=0', true], // a blank is 0 against a number
      ['=Z99=""', true], // "" against text
      ['=Z99=FALSE', true], // FALSE against a boolean
      ['=Z99=Z98', true],
      ['=0.1+0.2=0.3', true], // 15 significant digits
      ['=B2>=B3', false],
      ['=1=1=TRUE', true], // left to right: (1=1)=TRUE
    ]);
  });

  it('concatenates with & (numbers as General text, booleans as TRUE/FALSE, blanks as "")', async () => {
    await expectValues([
      ['="Total: "&B2', 'Total: 10'],
      ['=1&2.5', '12.5'],
      ['=1/3&""', '0.333333333333333'],
      ['=0.1+0.2&""', '0.3'],
      ['=10^15&""', '1E+15'],
      ['=123456789012345&""', '123456789012345'],
      ['=-0.00125&""', '-0.00125'],
      ['=TRUE&"!"', 'TRUE!'],
      ['="["&Z99&"]"', '[]'],
      ['=A2&" "&B2*2', 'Apple 20'],
    ]);
  });

  it('applies %, unary minus before ^, ^ left to right, and unary plus as no-op', async () => {
    await expectValues([
      ['=50%', 0.5],
      ['=-50%*2', -1],
      ['=200*10%', 20],
      ['=B2%', 0.1],
      ['=-2^2', 4],
      ['=0-2^2', -4],
      ['=2^3^2', 64],
      ['=2^-1', 0.5],
      ['=4^50%', 2],
      ['=1--1', 2],
      ['=+"abc"', 'abc'],
      ['=(1+2)*3', 9],
      ['=1+2&3', '33'], // & binds after +
    ]);
  });

  it('reads text as a number in arithmetic ("1"+1 = 2) but not in SUM over a range', async () => {
    await expectValues([
      ['="1"+1', 2],
      ['="1,000"*2', 2000],
      ['="50%"*10', 5],
      ['="$5"+1', 6],
      ['=" 3 "*2', 6],
      ['="1/2/2024"+0', 45293],
      ['=A6+1', 2], // A6 holds the number 1 ("1" typed is a number)
      ['="abc"+1', '#VALUE!'],
      ['=""+1', '#VALUE!'],
      ['=TRUE+TRUE', 2],
      ['=Z99+1', 1],
      ['=SUM("1",2)', 3], // typed arguments are converted
      ['=SUM(A1:A6)', 1], // text cells of a range are ignored, the number 1 is counted
    ]);
  });
});

describe('formula errors', () => {
  it('gives #DIV/0!, #VALUE!, #N/A, #NAME?, #REF!, #NUM! and propagates them through operators and functions', async () => {
    const wb = await ledger();
    await evaluate(wb, ['=1/0', '=NA()', '="x"*2'], 'Sheet1', 'F'); // F1:F3 hold errors
    await expectValues(
      [
        ['=1/0', '#DIV/0!'],
        ['=MOD(5,0)', '#DIV/0!'],
        ['=AVERAGE(Z1:Z5)', '#DIV/0!'],
        ['="a"*1', '#VALUE!'],
        ['=A1:A3', '#VALUE!'], // several cells where one value is needed (no spilling)
        ['=NA()', '#N/A'],
        ['=#N/A', '#N/A'],
        ['=NOSUCHFUNCTION(1)', '#NAME?'],
        ['=UnknownName+1', '#NAME?'],
        ['=Nope!A1', '#REF!'],
        ['=#REF!+1', '#REF!'],
        ['=(-8)^(1/3)', '#NUM!'],
        ['=F1+1', '#DIV/0!'],
        ['=F2&"x"', '#N/A'],
        ['=F1>0', '#DIV/0!'],
        ['=-F3', '#VALUE!'],
        ['=SUM(F1:F3)', '#DIV/0!'],
        ['=ROUND(F2,1)', '#N/A'],
        ['=LEN(F3)', '#VALUE!'],
        ['=1/0+NA()', '#DIV/0!'], // the left operand's error first
        ['=IF(F2,1,2)', '#N/A'],
        ['=ISERROR(F1)', true],
        ['=COUNT(F1:F3,1,1/0)', 1], // COUNT skips errors, in references and typed arguments
        ['=COUNTA(F1:F3,1/0)', 4],
        ['=SUM(1,"x")', '#VALUE!'],
        ['=IF(TRUE)', '#NAME?'], // too few arguments: Excel refuses such a formula
      ],
      wb,
    );
  });
});

describe('logical functions', () => {
  it('IF evaluates only the branch it takes; a missing else is FALSE, an empty one 0', async () => {
    await expectValues([
      ['=IF(B2>5,"big","small")', 'big'],
      ['=IF(B4>5,"big","small")', 'small'],
      ['=IF(B4>5,"big")', false],
      ['=IF(B4>5,"big",)', 0],
      ['=IF(TRUE,1,1/0)', 1],
      ['=IF(FALSE,NOSUCHFUNCTION(),2)', 2],
      ['=IF(1,"yes","no")', 'yes'],
      ['=IF(0,"yes","no")', 'no'],
      ['=IF("TRUE",1,2)', 1],
      ['=IF("x",1,2)', '#VALUE!'],
      ['=IF(Z99,1,2)', 2],
      ['=IF(D2,B2,-B2)', 10],
      ['=SUM(IF(TRUE,B2:B3,C2:C3))', 30], // IF passes references through
      ['=IF(A2="apple","same","different")', 'same'],
    ]);
  });

  it('IFERROR, IFNA, AND, OR, NOT', async () => {
    await expectValues([
      ['=IFERROR(1/0,"none")', 'none'],
      ['=IFERROR(B2*2,1/0)', 20], // the fallback is not evaluated
      ['=IFERROR(NOSUCHFUNCTION(),"x")', 'x'],
      ['=IFERROR(A1:A3,"several")', 'several'],
      ['=IFNA(NA(),0)', 0],
      ['=IFNA(1/0,0)', '#DIV/0!'],
      ['=AND(TRUE,1,B2>5)', true],
      ['=AND(D2:D3)', false],
      ['=AND(D2,D4)', true],
      ['=OR(FALSE,0)', false],
      ['=OR(D2:D6)', true], // text and blanks of a reference are ignored
      ['=OR(A1:A3)', '#VALUE!'], // no logical value at all
      ['=AND(TRUE,"x")', '#VALUE!'],
      ['=NOT(B2>5)', false],
      ['=NOT(0)', true],
      ['=TRUE()', true],
    ]);
  });
});

describe('math and aggregate functions', () => {
  it('SUM, COUNT, COUNTA, AVERAGE, MIN, MAX over ranges and whole columns', async () => {
    await expectValues([
      ['=SUM(B2:B6)', 40.5],
      ['=SUM(B:B)', 40.5],
      ['=SUM(B2:B3,100,TRUE)', 131],
      ['=COUNT(A:D)', 10], // A6 (the number 1), 5 amounts, 4 dates; booleans are not counted
      ['=COUNTA(A1:D6)', 22],
      ['=AVERAGE(B2:B6)', 8.1],
      ['=MIN(B:B)', -2],
      ['=MAX(B2:B6,30)', 30],
    ]);
  });

  it('ROUND (half away from zero, on decimal digits), ROUNDUP, ROUNDDOWN, ABS, INT, MOD', async () => {
    await expectValues([
      ['=ROUND(2.675,2)', 2.68],
      ['=ROUND(1.005,2)', 1.01],
      ['=ROUND(-2.5,0)', -3],
      ['=ROUND(1234.5678,-2)', 1200],
      ['=ROUND(0.1+0.2,15)', 0.3],
      ['=ROUNDUP(3.21,1)', 3.3],
      ['=ROUNDUP(-3.21,1)', -3.3],
      ['=ROUNDUP(0.1+0.2,1)', 0.3],
      ['=ROUNDDOWN(3.29,1)', 3.2],
      ['=ROUNDDOWN(-3.29,1)', -3.2],
      ['=ROUNDDOWN(12345,-2)', 12300],
      ['=ABS(-4)', 4],
      ['=INT(-1.5)', -2],
      ['=INT(7.9)', 7],
      ['=MOD(10,3)', 1],
      ['=MOD(-3,2)', 1], // the sign of the divisor
      ['=MOD(3,-2)', -1],
    ]);
  });

  it('SUMIF, SUMIFS, COUNTIF, COUNTIFS, AVERAGEIF with Excel criteria', async () => {
    await expectValues([
      ['=SUMIF(A2:A6,"apple",B2:B6)', 15], // case-insensitive
      ['=SUMIF(B2:B6,">5")', 37.5],
      ['=SUMIF(B:B,"<>10")', 30.5],
      ['=SUMIF(A2:A6,"*an*",B2)', 20], // wildcards; the sum range takes the criteria range's size
      ['=SUMIF(A2:A6,"?pple",B2:B6)', 15],
      ['=SUMIF(C2:C6,">="&DATE(2024,2,1),B2:B6)', 32.5],
      ['=SUMIFS(B2:B6,A2:A6,"apple",D2:D6,TRUE)', 15],
      ['=SUMIFS(B:B,C:C,">="&DATE(2024,2,1),C:C,"<"&DATE(2024,3,1))', 25],
      ['=SUMIFS(B2:B6,A2:A5,"apple")', '#VALUE!'], // ranges of different sizes
      ['=COUNTIF(A2:A6,"apple")', 2],
      ['=COUNTIF(A2:A6,1)', 1],
      ['=COUNTIF(A2:A6,"1")', 1],
      ['=COUNTIF(B2:B6,">=7.5")', 3],
      ['=COUNTIF(C2:C6,"")', 1], // blank cells
      ['=COUNTIF(A1:D6,"<>")', 22], // non-blank cells
      ['=COUNTIF(D2:D6,TRUE)', 2],
      ['=COUNTIF(A:A,"<>apple")', 1048574], // every cell of the column but the two apples, blanks included
      ['=COUNTIF(A2:A6,"b*")', 1],
      ['=COUNTIF(A2:A6,"~*")', 0],
      ['=COUNTIFS(A2:A6,"apple",B2:B6,">6")', 1],
      ['=COUNTIFS(A:A,"*e*",D:D,TRUE)', 2],
      ['=AVERAGEIF(A2:A6,"apple",B2:B6)', 7.5],
      ['=AVERAGEIF(A2:A6,"none",B2:B6)', '#DIV/0!'],
      ['=COUNTBLANK(A1:D6)', 2],
    ]);
  });
});

describe('text functions', () => {
  it('LEN, LEFT, RIGHT, MID, UPPER, LOWER, TRIM, CONCAT, CONCATENATE', async () => {
    await expectValues([
      ['=LEN(A2)', 5],
      ['=LEN(123.5)', 5],
      ['=LEN(Z99)', 0],
      ['=LEFT(A2,3)', 'App'],
      ['=LEFT(A2)', 'A'],
      ['=RIGHT(A3,2)', 'na'],
      ['=RIGHT(A3,99)', 'banana'],
      ['=MID("hello",2,3)', 'ell'],
      ['=MID("hello",9,3)', ''],
      ['=MID("hello",0,3)', '#VALUE!'],
      ['=LEFT("abc",-1)', '#VALUE!'],
      ['=UPPER(A3)', 'BANANA'],
      ['=LOWER("ÄBC")', 'äbc'],
      ['=TRIM("  a   b ")', 'a b'],
      ['=CONCAT(A2:B3)', 'Apple10banana20'],
      ['=CONCAT("x",B2,TRUE)', 'x10TRUE'],
      ['=CONCATENATE(A2," costs ",B2)', 'Apple costs 10'],
      ['=LEFT(1234,2)+1', 13],
    ]);
  });

  it('TEXT renders through the number formats the simulation knows; VALUE reads text as a number', async () => {
    await expectValues([
      ['=TEXT(1234.5,"#,##0.00")', '1,234.50'],
      ['=TEXT(0.256,"0.0%")', '25.6%'],
      ['=TEXT(C2,"yyyy-mm-dd")', '2024-01-15'],
      ['=TEXT(C2,"mmm yyyy")', 'Jan 2024'],
      ['=TEXT(C2,"dddd d mmmm")', 'Monday 15 January'],
      ['=TEXT(-5,"0.00;(0.00)")', '(5.00)'],
      ['=TEXT("12","0.0")', '12.0'],
      ['=TEXT("abc","0.0")', 'abc'],
      ['=TEXT(9,"00")', '09'],
      ['=TEXT(-7.5,"000.0")', '-007.5'],
      ['=TEXT(1234,"#,##0000")', '1,234'],
      ['=TEXT(5,"#,##0000")', '0,005'],
      ['="Due "&TEXT(DATE(2024,3,5),"m/d/yyyy")', 'Due 3/5/2024'],
      ['=VALUE("1,000.5")', 1000.5],
      ['=VALUE("12%")', 0.12],
      ['=VALUE("3/4/2024")', 45355],
      ['=VALUE("12:00")', 0.5],
      ['=VALUE("abc")', '#VALUE!'],
    ]);
  });
});

describe('date functions', () => {
  it('DATE, YEAR, MONTH, DAY, EOMONTH, EDATE', async () => {
    await expectValues([
      ['=DATE(2024,1,1)', 45292],
      ['=DATE(2024,14,1)', 45689], // months roll over into the next year
      ['=DATE(2024,3,0)', 45351], // day 0: the last day of February
      ['=DATE(24,1,1)', 8767], // years below 1900 are counted from 1900
      ['=DATE(-1,1,1)', '#NUM!'],
      ['=YEAR(C3)', 2024],
      ['=MONTH(C3)', 2],
      ['=DAY(C3)', 10],
      ['=YEAR("3/4/2023")', 2023],
      ['=DAY(-1)', '#NUM!'],
      ['=EOMONTH(DATE(2024,1,15),1)', 45351],
      ['=EOMONTH(DATE(2024,1,15),-1)', 45291],
      ['=EOMONTH(C2,0)', 45322],
      ['=EDATE(DATE(2024,1,31),1)', 45351], // clamped to the end of February
      ['=EDATE(DATE(2024,3,15),-3)', 45275],
      ['=EDATE(DATE(2024,1,15),12)', 45672],
    ]);
  });

  it('the 1900 date system as Excel counts it: 1900-01-01 is 1, February 1900 has a 29th day (60), serial 1 a Sunday', async () => {
    await expectValues([
      ['=DATE(1900,1,1)', 1],
      ['=DATE(1900,2,28)', 59],
      ['=DATE(1900,2,29)', 60],
      ['=DATE(1900,3,0)', 60], // March's day 0: Excel's last day of February 1900 is the 29th
      ['=DATE(1900,3,1)', 61],
      ['=DAY(60)', 29],
      ['=MONTH(59)', 2],
      ['=TEXT(60,"yyyy-mm-dd")', '1900-02-29'],
      ['=TEXT(0,"m/d/yyyy")', '1/0/1900'],
      ['=TEXT(1,"dddd")', 'Sunday'],
      ['=TEXT(0,"dddd")', 'Saturday'],
      ['=TEXT(61,"dddd d mmmm yyyy")', 'Thursday 1 March 1900'],
      ['=TEXT(45292,"dddd")', 'Monday'],
      ['=EOMONTH(DATE(1900,2,10),0)', 60],
    ]);
  });

  it('TODAY is the system date; DATE and TODAY formulas get a date format in General cells', async () => {
    const wb = await ledger();
    const now = new Date();
    const expected = Math.round((Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()) - Date.UTC(1899, 11, 30)) / 86_400_000);
    const values = await evaluate(wb, ['=TODAY()', '=DATE(2024,3,5)', '=YEAR(TODAY())', '=TODAY()-DATE(2024,1,1)>0']);
    expect(values).toEqual([expected, 45356, now.getFullYear(), true]);
    expect(wb.text('Sheet1', 'J2:J3')).toEqual([['3/5/2024'], [String(now.getFullYear())]]);
    expect(wb.numberFormats('Sheet1', 'J1:J3')).toEqual([['m/d/yyyy'], ['m/d/yyyy'], ['General']]);
  });
});

describe('information functions', () => {
  it('ISBLANK, ISNUMBER, ISTEXT, ISERROR, ISNA', async () => {
    await expectValues([
      ['=ISBLANK(Z99)', true],
      ['=ISBLANK(C6)', true],
      ['=ISBLANK(A2)', false],
      ['=ISBLANK("")', false],
      ['=ISNUMBER(B2)', true],
      ['=ISNUMBER(C2)', true], // dates are numbers
      ['=ISNUMBER(A2)', false],
      ['=ISNUMBER("1")', false],
      ['=ISTEXT(A2)', true],
      ['=ISTEXT(B2)', false],
      ['=ISERROR(1/0)', true],
      ['=ISERROR(NOSUCHFUNCTION())', true],
      ['=ISERROR(B2)', false],
      ['=ISNA(NA())', true],
      ['=ISNA(1/0)', false],
      ['=ISLOGICAL(D2)', true],
    ]);
  });
});

describe('lookup functions', () => {
  it('XLOOKUP, VLOOKUP, HLOOKUP, INDEX, MATCH (exact and approximate)', async () => {
    await expectValues([
      ['=XLOOKUP("banana",A2:A6,B2:B6)', 20],
      ['=XLOOKUP("APPLE",A:A,B:B)', 10], // the first match, case-insensitively
      ['=XLOOKUP("apple",A2:A6,B2:B6,,0,-1)', 5], // searching from the last
      ['=XLOOKUP("kiwi",A2:A6,B2:B6)', '#N/A'],
      ['=XLOOKUP("kiwi",A2:A6,B2:B6,"none")', 'none'],
      ['=XLOOKUP("b*",A2:A6,B2:B6)', '#N/A'], // no wildcards in exact mode
      ['=XLOOKUP("b*",A2:A6,B2:B6,,2)', 20],
      ['=XLOOKUP(6,B2:B6,A2:A6,,-1)', 'apple'], // exact or next smaller
      ['=XLOOKUP(6,B2:B6,A2:A6,,1)', 'Cherry'], // exact or next larger
      ['=SUM(XLOOKUP("banana",A2:A6,B2:C6))', 20 + 45332],
      ['=XLOOKUP("x",A2:A6,B2:B5)', '#VALUE!'],
      ['=VLOOKUP("cherry",A2:D6,2,FALSE)', 7.5],
      ['=VLOOKUP("cherry",A2:D6,3,0)', 45352],
      ['=VLOOKUP("c*",A2:D6,2,FALSE)', 7.5],
      ['=VLOOKUP("kiwi",A2:D6,2,FALSE)', '#N/A'],
      ['=VLOOKUP(1,A2:D6,2,FALSE)', -2],
      ['=VLOOKUP("1",A2:D6,2,FALSE)', '#N/A'], // text does not match the number 1
      ['=VLOOKUP("apple",A2:D6,5,FALSE)', '#REF!'],
      ['=VLOOKUP("apple",A2:D6,0,FALSE)', '#VALUE!'],
      ['=HLOOKUP("Amount",A1:D6,3,FALSE)', 20],
      ['=INDEX(A2:D6,3,2)', 5],
      ['=INDEX(A2:A6,2)', 'banana'],
      ['=INDEX(A1:D1,3)', 'Date'], // one row: the index is a column
      ['=SUM(INDEX(A2:D6,0,2))', 40.5],
      ['=INDEX(A2:D6,9,1)', '#REF!'],
      ['=INDEX(B2:B6,MATCH("cherry",A2:A6,0))', 7.5],
      ['=MATCH("banana",A2:A6,0)', 2],
      ['=MATCH("x",A2:A6,0)', '#N/A'],
      ['=MATCH(DATE(2024,2,15),C2:C6,1)', 2], // sorted ascending: the last value <= 2024-02-15
      ['=MATCH(DATE(2024,1,1),C2:C6)', '#N/A'],
      ['=MATCH(5,A2:B6,0)', '#N/A'], // not one row or one column
    ]);
  });
});

describe('functions over tables and other sheets', () => {
  async function withTable(): Promise<Workbook> {
    const wb = createSimulatedWorkbook({ sheets: ['Data', 'Report'], currentYear: 2024 });
    await wb.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Data');
      sheet.getRange('A1:C5').values = [
        ['Category', 'Amount', 'Due'],
        ['Rent', -1500, '1/1/2024'],
        ['Salary', 5000, '1/25/2024'],
        ['Rent', -1500, '2/1/2024'],
        ['Food', -300, '2/3/2024'],
      ];
      sheet.tables.add('A1:C5', true).name = 'Cash';
      await context.sync();
    });
    return wb;
  }

  it('takes structured references and whole columns of other sheets as arguments', async () => {
    const wb = await withTable();
    const values = await evaluate(
      wb,
      [
        '=SUMIF(Cash[Category],"rent",Cash[Amount])',
        '=SUMIFS(Cash[Amount],Cash[Due],">="&DATE(2024,2,1))',
        '=COUNTIFS(Cash[Amount],"<0")',
        '=XLOOKUP("Salary",Cash[Category],Cash[Amount])',
        '=VLOOKUP("food",Cash,2,FALSE)',
        '=INDEX(Cash[Due],MATCH("Food",Cash[Category],0))',
        '=SUMIF(Data!A:A,"Rent",Data!B:B)',
        '=IF(SUM(Cash[Amount])>0,"surplus","deficit")',
        '=TEXT(MAX(Cash[Due]),"mmm d")',
        '=ROUND(AVERAGE(Cash[Amount]),0)',
      ],
      'Report',
      'A',
    );
    expect(values).toEqual([-3000, -1800, 3, 5000, -300, 45325, -3000, 'surplus', 'Feb 3', 425]);
  });

  it('[@Col] with IF inside the table follows the table', async () => {
    const wb = await withTable();
    await wb.run(async (context) => {
      const table = context.workbook.tables.getItem('Cash');
      table.columns.add(undefined, undefined, 'Kind');
      await context.sync();
      table.columns.getItem('Kind').getDataBodyRange().formulas = [
        ['=IF([@Amount]<0,"out","in")'],
        ['=IF([@Amount]<0,"out","in")'],
        ['=IF([@Amount]<0,"out","in")'],
        ['=IF([@Amount]<0,"out","in")'],
      ];
      await context.sync();
    });
    expect(wb.values('Data', 'D2:D5')).toEqual([['out'], ['in'], ['out'], ['out']]);
    const [count] = await evaluate(wb, ['=COUNTIF(Cash[Kind],"out")'], 'Report', 'A');
    expect(count).toBe(3);
  });
});
