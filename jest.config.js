/** Jest runs TypeScript through ts-jest (transpile only: `npm run lint` type-checks).
 * ky is published as ESM only; it is transformed to CommonJS like our own sources.
 * Two projects: `unit` (everything but test/e2e, 30 s per test) and `e2e` (browser tests in Debian Chromium
 * against a production build; the first test of a run may wait for the build, so 5 minutes per test).
 * `npx jest test/api` runs no e2e file and so never builds; `npm test` runs both. */
const shared = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  transform: {
    '^.+\\.[tj]sx?$': [
      'ts-jest',
      {
        tsconfig: { isolatedModules: true, module: 'commonjs', moduleResolution: 'node', allowJs: true, jsx: 'react-jsx', sourceMap: true },
        diagnostics: false,
      },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!(ky)/)'],
  // numfmt's package.json points `require` at a dist/index.cjs it does not ship: load its ESM build instead.
  moduleNameMapper: { '^numfmt$': '<rootDir>/node_modules/numfmt/dist/index.js' },
};

/**
 * Two test files at a time at least (on 2 cores jest's default is one): the two-minute write soak mostly waits, and a
 * browser test's file mostly waits for Chromium and the sandbox, so a second worker finishes the suite in about 60 %
 * of the time (6.3 against 11 minutes on the 2-core machine); at most 4, each browser test file starting a browser.
 */
const workers = Math.min(4, Math.max(2, require('node:os').availableParallelism()));

/** @type {import('jest').Config} */
module.exports = {
  maxWorkers: workers,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/'],
    },
    {
      ...shared,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
      // Jest reads testTimeout from the top level only; the e2e setup raises it for these files.
      setupFilesAfterEnv: ['<rootDir>/test/e2e/support/jest-timeout.ts'],
    },
  ],
  testTimeout: 30_000,
};
