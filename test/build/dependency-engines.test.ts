import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import semver from 'semver';
import { z } from 'zod';

const root = resolve(__dirname, '../..');

const PackageJson = z.object({ engines: z.object({ node: z.string() }) });
/** package-lock.json v3: every installed package under its path, with the `engines` its package.json declares. */
const PackageLock = z.object({
  packages: z.record(
    z.string(),
    z.looseObject({
      version: z.string().optional(),
      engines: z.union([z.looseObject({ node: z.string().optional() }), z.array(z.string())]).optional(),
    }),
  ),
});

const projectNode = PackageJson.parse(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))).engines.node;
const lock = PackageLock.parse(JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')));

describe('the Node versions the project declares (package.json engines.node)', () => {
  test('every package of the lock file runs on every one of them: npm ci prints no engine warning (EBADENGINE)', () => {
    const unsupported = Object.entries(lock.packages)
      .filter(([path]) => path !== '')
      .flatMap(([path, entry]) => {
        const node = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return node === undefined || semver.subset(projectNode, node)
          ? []
          : [`${path.replace(/^.*node_modules\//, '')}@${entry.version ?? '?'} needs node ${node}`];
      });
    expect(unsupported).toEqual([]);
  });

  test('the lock file was written from this package.json (its root entry names the same range)', () => {
    const rootEntry = lock.packages[''];
    expect(rootEntry?.engines).toEqual({ node: projectNode });
  });

  test('the check is real: a package needing Node 22 fails it, and Node 20 before 20.19 is not declared', () => {
    expect(semver.subset(projectNode, '>=22')).toBe(false);
    expect(semver.satisfies('20.18.0', projectNode)).toBe(false);
    expect(semver.satisfies('20.19.0', projectNode)).toBe(true);
  });
});
