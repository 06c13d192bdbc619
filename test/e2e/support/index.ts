/**
 * The browser-test harness. `startApp()` gives a test file everything at once (build, static server, sandbox,
 * browser); each test then opens its own `newSession(app.browser)`. See test/e2e/README.md.
 */
import type { Browser } from 'playwright-core';
import { buildAddin, type Build } from './build';
import { launchBrowser, newSession, type Session } from './browser';
import { startE2eSandbox, type E2eSandbox, type E2eSandboxOptions } from './sandbox';
import { serveStatic, type StaticServer } from './serve';

export * from './axe';
export * from './browser';
export * from './eventually';
export * from './build';
export * from './flows';
export * from './preview';
export * from './sandbox';
export * from './screenshots';
export * from './serve';

export interface App {
  build: Build;
  /** The static server's origin: `${app.url}/taskpane.html`, `${app.url}/preview.html?…`. */
  url: string;
  sandbox: E2eSandbox;
  browser: Browser;
  /** Milliseconds spent on each part of the start. */
  timings: { buildMs: number; serveMs: number; sandboxMs: number; browserMs: number };
  close(): Promise<void>;
}

export async function startApp(options: Omit<E2eSandboxOptions, 'origins'> = {}): Promise<App> {
  const started: Array<() => Promise<void>> = [];
  const time = async <T>(run: () => Promise<T>): Promise<[T, number]> => {
    const t0 = performance.now();
    const value = await run();
    return [value, performance.now() - t0];
  };
  const close = async (): Promise<void> => {
    for (const stop of started.reverse()) await stop().catch(() => undefined);
  };
  try {
    const [build, buildMs] = await time(buildAddin);
    const [server, serveMs] = await time<StaticServer>(() => serveStatic(build.dir));
    started.push(() => server.close());
    const [sandbox, sandboxMs] = await time(() => startE2eSandbox({ ...options, origins: [server.url] }));
    started.push(() => sandbox.close());
    const [browser, browserMs] = await time(launchBrowser);
    started.push(() => browser.close());
    return { build, url: server.url, sandbox, browser, timings: { buildMs, serveMs, sandboxMs, browserMs }, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The app of a test file and the browser session of the running test (see `useApp`). */
export interface AppUnderTest {
  readonly app: App;
  readonly session: Session;
}

/**
 * A test file's lifecycle, registered once: one app for the file (`startApp(options)`), a fresh browser session for
 * each test, and after each test the sandbox answering normally again and the session closed.
 */
export function useApp(options: Omit<E2eSandboxOptions, 'origins'> = {}): AppUnderTest {
  let app: App | undefined;
  let session: Session | undefined;
  beforeAll(async () => {
    app = await startApp(options);
  });
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    if (app === undefined) throw new Error('the app did not start (see beforeAll)');
    session = await newSession(app.browser);
  });
  afterEach(async () => {
    app?.sandbox.normalResponses();
    await session?.close();
    session = undefined;
  });
  return {
    get app(): App {
      if (app === undefined) throw new Error('the app is not running: use it inside a test');
      return app;
    },
    get session(): Session {
      if (session === undefined) throw new Error('no browser session: use it inside a test');
      return session;
    },
  };
}
