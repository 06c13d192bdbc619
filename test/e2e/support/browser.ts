/**
 * Debian's Chromium through playwright-core. No browser at /usr/bin/chromium is a failure, never a skip
 * (CI installs it: `.ci/run`). Each test gets a fresh context (1280×800) that
 *   - lets no request leave 127.0.0.1 (a product rule: nothing is downloaded at run time): such requests are
 *     aborted and recorded (`requests` lists every URL asked for);
 *   - records console errors and uncaught errors of every page and frame.
 * `expectClean(session)` fails the test on any of them (with a list of expected ones to allow).
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Browser tests need Debian's Chromium at ${CHROMIUM}, which is missing. Install it with ` +
        '`apt-get update && apt-get install -y chromium` (.ci/run does this on CI).',
    );
  }
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

export interface PageProblem {
  kind: 'console' | 'pageerror' | 'offsite-request';
  text: string;
  /** The page or frame URL it came from (for requests: the request URL). */
  url: string;
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Everything unexpected seen so far: console errors, uncaught errors, requests that left 127.0.0.1. */
  problems: PageProblem[];
  /** Every request URL the pages asked for, in order (also the aborted ones). */
  requests: string[];
  close(): Promise<void>;
}

function local(url: string): boolean {
  if (url.startsWith('data:') || url.startsWith('blob:') || url === 'about:blank' || url.startsWith('about:')) return true;
  try {
    return new URL(url).hostname === '127.0.0.1';
  } catch {
    return false;
  }
}

export interface SessionOptions {
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
  /** Default true. Benchmarks turn it off: every routed request makes a round trip to this process. */
  guardRequests?: boolean;
}

export async function newSession(browser: Browser, options: SessionOptions = {}): Promise<Session> {
  const context = await browser.newContext({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    ...(options.colorScheme ? { colorScheme: options.colorScheme } : {}),
  });
  const problems: PageProblem[] = [];
  const requests: string[] = [];
  if (options.guardRequests ?? true) {
    await context.route('**/*', async (route) => {
      const url = route.request().url();
      requests.push(url);
      if (local(url)) await route.continue();
      else {
        problems.push({ kind: 'offsite-request', text: `${route.request().method()} ${url}`, url });
        await route.abort('blockedbyclient');
      }
    });
  }
  context.on('console', (message) => {
    if (message.type() === 'error') problems.push({ kind: 'console', text: message.text(), url: message.location().url });
  });
  context.on('weberror', (error) => {
    const e = error.error();
    problems.push({ kind: 'pageerror', text: e.stack ?? e.message, url: error.page()?.url() ?? '' });
  });
  const page = await context.newPage();
  return { context, page, problems, requests, close: () => context.close() };
}

/**
 * office.js itself, outside an Office host, loads o15apptofilemappingtable.js, which opens a hidden frame on
 * Microsoft's telemetry service 3 s after start (node_modules/@microsoft/office-js/dist, `ULSEndpointProxy`). It is
 * office.js's own request, not ours, and the session blocks it, so nothing leaves the machine; in Excel the host's
 * own scripts load instead. The preview's pages refuse it themselves (their Content-Security-Policy, see
 * webpack.config.js): a console error, not a request. Tests of pages that live longer than 3 s pass this to `expectClean`.
 */
export const OFFICE_JS_TELEMETRY =
  /^(?:GET https:\/\/telemetryservice\.firstpartyapps\.oaspapps\.com\/telemetryservice\/telemetryproxy\.html|Framing 'https:\/\/telemetryservice\.firstpartyapps\.oaspapps\.com\/' violates the following Content Security Policy directive: "frame-src 'self'"\. The request has been blocked\.\s*)$/;

/**
 * Fails when the session saw a console error, an uncaught error or an off-site request, except those matching
 * one of `allow` (matched against the text). Clears what it checked, so it can be called more than once.
 */
export function expectClean(session: Session, allow: RegExp[] = []): void {
  const unexpected = session.problems.filter((p) => !allow.some((a) => a.test(p.text)));
  session.problems.length = 0;
  if (unexpected.length > 0) {
    throw new Error(
      `The page had ${unexpected.length} unexpected problem(s):\n${unexpected.map((p) => `  [${p.kind}] ${p.text} (${p.url})`).join('\n')}`,
    );
  }
}
