/**
 * The client bundles for the browser as it is: webpack, target `web`, no fallbacks for Node built-ins. A
 * `node:` import (or any Node module) anywhere under src/api fails this build.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import webpack from 'webpack';

const root = resolve(__dirname, '../..');

test('src/api bundles for the browser without Node built-ins', async () => {
  const out = mkdtempSync(join(tmpdir(), 'cashflow-api-bundle-'));
  try {
    const stats = await new Promise<webpack.Stats>((done, fail) => {
      webpack(
        {
          mode: 'production',
          target: 'web',
          context: root,
          entry: './src/api/index.ts',
          output: { path: out, filename: 'api.js', library: { type: 'module' } },
          experiments: { outputModule: true },
          resolve: { extensions: ['.ts', '.js'], fallback: {} },
          module: {
            rules: [
              {
                test: /\.ts$/,
                exclude: /node_modules/,
                use: { loader: 'ts-loader', options: { transpileOnly: true, configFile: resolve(root, 'tsconfig.build.json') } },
              },
            ],
          },
          performance: { hints: false },
        },
        (error, result) => (error || !result ? fail(error ?? new Error('no stats')) : done(result)),
      );
    });
    const info = stats.toJson({ all: false, errors: true });
    expect(info.errors ?? []).toEqual([]);
    const bundle = readFileSync(join(out, 'api.js'), 'utf8');
    expect(bundle).not.toMatch(/require\(["']node:|from ["']node:/);
    expect(bundle).toMatch(/Accept-Language/);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}, 120_000);
