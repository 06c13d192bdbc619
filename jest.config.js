/** Jest runs TypeScript through ts-jest (transpile only: `npm run lint` type-checks).
 * ky is published as ESM only; it is transformed to CommonJS like our own sources. */
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
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
  testTimeout: 30000,
};
