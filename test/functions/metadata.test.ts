/**
 * functions.json as the build makes it (custom-functions-metadata, the generator the webpack plugin runs): every
 * CASHFLOW function with its parameters in order, which are optional, and which results spill (matrix). A renamed
 * parameter, a lost `?` or a scalar return type where a table should spill fails here.
 */
import { resolve } from 'node:path';
import { generateCustomFunctionsMetadata } from 'custom-functions-metadata/lib/generate';

interface Parameter {
  name: string;
  type?: string;
  optional?: boolean;
  dimensionality?: string;
}

interface FunctionMetadata {
  id: string;
  name: string;
  description?: string;
  parameters: Parameter[];
  result: { type?: string; dimensionality?: string };
}

const SOURCE = resolve(__dirname, '../../src/functions/functions.ts');

/** [name, optional] per parameter, and whether the result spills. */
const EXPECTED: Record<string, { parameters: [string, boolean][]; spills: boolean; result?: string }> = {
  VERSION: { parameters: [], spills: false, result: 'string' },
  ACTUALS: {
    parameters: [
      ['category', false],
      ['from', false],
      ['to', false],
      ['account', true],
    ],
    spills: false,
    result: 'number',
  },
  PLANNED: {
    parameters: [
      ['category', false],
      ['from', false],
      ['to', false],
      ['scenario', true],
    ],
    spills: false,
    result: 'number',
  },
  BALANCE: { parameters: [['horizon', true]], spills: false, result: 'number' },
  DUE: {
    parameters: [
      ['type', false],
      ['from', true],
      ['to', true],
      ['status', true],
    ],
    spills: false,
    result: 'number',
  },
  TRANSACTIONS: {
    parameters: [
      ['from', false],
      ['to', false],
      ['category', true],
      ['account', true],
    ],
    spills: true,
  },
  INVOICES: {
    parameters: [
      ['type', true],
      ['status', true],
    ],
    spills: true,
  },
  BUDGETS: {
    parameters: [
      ['scenario', true],
      ['from', true],
      ['to', true],
    ],
    spills: true,
  },
  CATEGORIES: { parameters: [], spills: true },
  ACCOUNTS: { parameters: [], spills: true },
};

let functions: FunctionMetadata[] = [];

beforeAll(async () => {
  const generated = await generateCustomFunctionsMetadata(SOURCE, true);
  expect(generated.errors).toEqual([]);
  functions = (JSON.parse(generated.metadataJson) as { functions: FunctionMetadata[] }).functions;
}, 30_000);

test('declares exactly the CASHFLOW functions of the issue, each described', () => {
  expect(functions.map((f) => f.id).sort()).toEqual(Object.keys(EXPECTED).sort());
  for (const f of functions) {
    expect(f.name).toBe(f.id);
    expect(f.description ?? '').not.toBe('');
  }
});

test.each(Object.entries(EXPECTED))('%s: parameters, optional flags and result', (id, expected) => {
  const f = functions.find((candidate) => candidate.id === id);
  expect(f).toBeDefined();
  if (f === undefined) return;
  expect(f.parameters.map((p) => [p.name, p.optional === true])).toEqual(expected.parameters);
  // Scalars only: a range passed where one value is expected is Excel's to refuse, not ours.
  for (const p of f.parameters) expect(p.dimensionality ?? 'scalar').toBe('scalar');
  if (expected.spills) expect(f.result.dimensionality).toBe('matrix');
  else {
    expect(f.result.dimensionality ?? 'scalar').toBe('scalar');
    expect(f.result.type).toBe(expected.result);
  }
});

test('dates and categories accept numbers and text (type any), so a date cell and YYYY-MM-DD text both reach the core', () => {
  const actuals = functions.find((f) => f.id === 'ACTUALS');
  expect(actuals?.parameters.map((p) => p.type)).toEqual(['any', 'any', 'any', 'any']);
});
