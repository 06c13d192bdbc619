import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', '.cache/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // The core knows no Office and no Node: it runs in the task pane, the functions runtime, the CLI and tests.
    files: ['src/api/**/*.ts', 'src/sync/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', 'http', 'https', 'os', 'child_process'], message: 'The core runs in the browser too.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'Excel', 'Office', 'OfficeRuntime', 'CustomFunctions', 'document', 'window'],
    },
  },
  {
    // The xlsx host runs in the browser too (the preview's Open and Download): no Node, no Office, nothing of the Excel host.
    files: ['src/hosts/xlsx/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'http', 'https', 'os', 'child_process'],
              message: 'The xlsx host runs in the browser too: the caller reads and writes files.',
            },
            {
              group: ['**/hosts/excel', '**/hosts/excel/*', '**/taskpane/*', '**/preview/*'],
              message: 'The xlsx host imports from src/sync and exceljs only.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'Excel', 'Office', 'OfficeRuntime', 'CustomFunctions', 'document', 'window'],
    },
  },
  {
    // The sandbox is written from the spec, not from our client: shared code would let one misreading pass both sides.
    files: ['src/sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/api', '**/api/*', '**/sync/*'], message: 'The sandbox imports nothing from the client.' }] },
      ],
    },
  },
  {
    // The Excel simulation judges the Excel host, so, like the sandbox, it imports nothing from the product: were the
    // host's block sizing and the simulation's payload measure one code, a miscount would pass both sides.
    files: ['src/preview/excel-sim/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/sync',
                '**/sync/**',
                '**/api',
                '**/api/**',
                '**/hosts',
                '**/hosts/**',
                '**/taskpane',
                '**/taskpane/**',
                '**/sandbox',
                '**/sandbox/**',
                '**/i18n',
                '**/i18n/**',
                // src/functions by its relative path (the simulation's own formula/functions.ts keeps its name)
                '../../functions',
                '../../functions/**',
                '../../../functions',
                '../../../functions/**',
              ],
              message: 'The Excel simulation judges the product: it imports nothing from it (measure, format and check on its own).',
            },
          ],
        },
      ],
    },
  },
  {
    // The command-line machinery, the CORS proxy and the deployment's server are Node-only tools beside the product: they import nothing from the client or the sandbox.
    files: ['src/cli/**/*.ts', 'src/proxy/**/*.ts', 'src/deploy/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api', '**/api/*', '**/sync', '**/sync/*', '**/sandbox', '**/sandbox/*'],
              message: 'The proxy and the CLI tools import nothing from the client or the sandbox.',
            },
          ],
        },
      ],
    },
  },
  {
    // The workbook command (src/cli/workbook) is the product without Excel: the core and the xlsx host on files, like
    // the pane on a workbook. It still imports nothing of Office, the pane, the preview or the sandbox.
    files: ['src/cli/workbook/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/sandbox', '**/sandbox/*', '**/hosts/excel', '**/hosts/excel/*', '**/taskpane/*', '**/preview/*'],
              message: 'The workbook command runs on the core and the xlsx host only.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'Excel', 'Office', 'OfficeRuntime', 'CustomFunctions', 'document', 'window'],
    },
  },
  {
    // Every test runs: no skipped, focused or todo tests (CI fails on skipped ones too, see .ci/run).
    files: ['test/**/*.ts', 'test/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'MemberExpression[object.name=/^(it|test|describe)$/][property.name=/^(skip|only|todo)$/]',
          message: 'Every test runs: no .skip, .only or .todo in test/.',
        },
        {
          selector: 'CallExpression[callee.name=/^[xf](it|test|describe)$/], MemberExpression[object.name=/^[xf](it|test|describe)$/]',
          message: 'Every test runs: no xit/xdescribe/xtest or fit/fdescribe/ftest in test/.',
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { module: 'writable', require: 'readonly', __dirname: 'readonly', process: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
