/**
 * The origin a build is made for and a server serves (`npm run build -- --env origin=…`, `npm run serve -- --origin …`):
 * `https://host[:port]`, nothing after it but an optional `/`. Excel loads an add-in only over HTTPS, and every URL of
 * the manifest is this origin plus a file of dist/, so a path, a query, a fragment, credentials or anything typed after
 * the host is refused with a message that says what to give instead. Checked with zod, once, where the option enters.
 */
import { z } from 'zod';

const EXAMPLE = 'such as https://addin.example.com or https://addin.example.com:8443';

/** The text as given, an https origin: its `URL`, or an issue saying what is wrong. */
export const DeployOriginSchema = z.string().transform((text, context): string => {
  const shown = JSON.stringify(text);
  const refuse = (why: string): string => {
    context.addIssue({ code: 'custom', message: `${shown} ${why}; give the add-in's origin, ${EXAMPLE}.` });
    return z.NEVER;
  };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse('is not a URL');
  }
  if (url.protocol !== 'https:') return refuse('is not https (Excel loads add-ins over HTTPS only)');
  if (url.username !== '' || url.password !== '') return refuse('carries credentials (user:password@)');
  // `new URL` forgives what a typo leaves behind (`https://x.com/ `, `https://x.com?`): the text must be the origin.
  const bare = text.replace(/\/$/, '').toLowerCase().replace(/:443$/, '');
  if (bare !== url.origin) return refuse('has a path, query, fragment or other text after the host');
  return url.origin;
});

/** Why `text` is no deploy origin (one sentence), or undefined when it is one: the command lines' check. */
export function deployOriginProblem(text: string): string | undefined {
  const parsed = DeployOriginSchema.safeParse(text);
  return parsed.success ? undefined : parsed.error.issues.map((issue) => issue.message).join(' ');
}

/** The origin `https://host[:port]` of `text`; throws an Error naming the option and what to give instead. */
export function parseDeployOrigin(text: string, option = 'origin'): string {
  const parsed = DeployOriginSchema.safeParse(text);
  if (!parsed.success) throw new Error(`Invalid ${option}: ${parsed.error.issues.map((issue) => issue.message).join(' ')}`);
  return parsed.data;
}

/**
 * Where a deployment's server (`npm run serve`) forwards to the service it was started for: this path on the add-in's
 * own origin. The pane of a build for an origin names `<origin>/service/` as the proxy to use (the base URL of a
 * connection), so a service without CORS is reached without a second host or certificate.
 */
export const SERVICE_PATH = '/service/';

/** The base URL a connection uses to reach the service through the deployment's server on `origin`. */
export function deployedServiceUrl(origin: string): string {
  return `${origin}${SERVICE_PATH}`;
}
