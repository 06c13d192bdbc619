/**
 * The files of a build the deployment's server serves: read once at start (a build does not change under a running
 * server), each with its content type, its ETag and how long a browser may keep it. Only these paths are ever served:
 * no request reaches the file system.
 *
 * Caching: a chunk whose name carries a content hash (a build for an origin names them `[name].[contenthash].js`)
 * never changes under its name and is kept for a year; everything else (taskpane.html, manifest.xml, functions.json,
 * taskpane.js and functions.js, whose names the manifest and the page fix, Office.js, the icons) is `no-cache`: kept,
 * but asked again with its ETag each time (304 when unchanged), so a new build reaches every user at once.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { manifestOrigin } from './manifest-origin';

export interface BuiltFile {
  body: Buffer;
  contentType: string;
  etag: string;
  cacheControl: string;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A content hash in a file name, as the build writes it (`pane-ui.0123456789ab.js`). */
const HASHED_NAME = /\.[0-9a-f]{12}\.js$/;
export const LONG_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** The build cannot be served: none there, or built for another origin. The message says what to run. */
export class BuildNotServableError extends Error {
  override readonly name = 'BuildNotServableError';
}

/** `/path` → file, for every file of the build in `dist`, checked to be a build for `origin`. */
export function readBuild(dist: string, origin: string): ReadonlyMap<string, BuiltFile> {
  const build = `npm run build -- --env origin=${origin}`;
  const manifestFile = join(dist, 'manifest.xml');
  if (!existsSync(join(dist, 'taskpane.html')) || !existsSync(manifestFile)) {
    throw new BuildNotServableError(`${dist} holds no build of the add-in (no taskpane.html or manifest.xml): run \`${build}\` first.`);
  }
  const built = manifestOrigin(readFileSync(manifestFile, 'utf8'));
  if (built !== origin) {
    throw new BuildNotServableError(
      `${manifestFile} is a build for ${built ?? 'no origin'}, not for ${origin}: Excel would load the add-in from ${built ?? 'nowhere'}. ` +
        `Run \`${build}\` (or serve with --origin ${built ?? '…'}).`,
    );
  }
  const files = new Map<string, BuiltFile>();
  for (const file of listFiles(dist)) {
    const path = `/${relative(dist, file).split(sep).join('/')}`;
    const body = readFileSync(file);
    files.set(path, {
      body,
      contentType: CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      cacheControl: HASHED_NAME.test(path) ? LONG_CACHE : REVALIDATE,
    });
  }
  return files;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}
