/** The one service origin a proxy forwards to, checked once at start. */

/** A target the proxy cannot forward to; the message says why, in terms of the `--target` flag. */
export class TargetError extends Error {
  override readonly name = 'TargetError';

  /** `problem`: what is wrong with the value, e.g. `"ftp://x" is not http or https; …`. */
  constructor(readonly problem: string) {
    super(`Invalid proxy target: ${problem}`);
  }
}

/** Why `text` is no target origin, or undefined when it is one (the command line's check of --target). */
export function targetProblem(text: string): string | undefined {
  try {
    parseTarget(text);
    return undefined;
  } catch (error) {
    if (error instanceof TargetError) return error.problem;
    throw error;
  }
}

/**
 * `http://host:port` from `text`: an http(s) URL with nothing after the origin but an optional `/`, and no
 * credentials. Anything else throws a TargetError saying what to change.
 */
export function parseTarget(text: string): string {
  const example = 'such as https://api.example.com or http://127.0.0.1:8787';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new TargetError(`${JSON.stringify(text)} is not a URL; give the service's origin, ${example}.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TargetError(`${JSON.stringify(text)} is not http or https; give the service's origin, ${example}.`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new TargetError(
      `${JSON.stringify(text)} carries credentials (user:password@); give the origin only: the client sends its own Authorization.`,
    );
  }
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '' || /[?#]/.test(text)) {
    throw new TargetError(
      `${JSON.stringify(text)} has a path, query or fragment; give the origin only, ${example}: request paths are appended to it.`,
    );
  }
  return url.origin;
}
