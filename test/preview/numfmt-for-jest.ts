/**
 * numfmt 4.0.1 as installed declares `require: ./dist/index.cjs` in its package exports, a file its tarball lacks
 * (it ships the CommonJS build as dist/index.js): webpack and tsc take the `default`/`types` paths and work, jest's
 * CommonJS resolver fails. Tests that reach numfmt call this first; a `moduleNameMapper` entry in jest.config.js
 * (`'^numfmt$': '<rootDir>/node_modules/numfmt/dist/index.js'`) would make it unnecessary.
 */
import { join } from 'node:path';

export const NUMFMT_CJS = join(__dirname, '../../node_modules/numfmt/dist/index.js');
