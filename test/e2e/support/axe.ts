/**
 * Accessibility: axe-core through @axe-core/playwright. `AxeBuilder` injects axe into every frame and runs across
 * them, so a check of the preview page covers the pane's iframe too; `include: '#pane'` checks the pane alone
 * (an iframe in the context means its whole document). Fails on any `moderate`, `serious` or `critical` violation and prints
 * each with its rule, impact, help and the elements it hit.
 *
 * The rule every check follows (test/e2e/README.md, "What axe checks"): axe judges a view that holds still. A run
 * takes seconds, and a view that changes under it is measured half before and half after (a button axe chose as
 * enabled, then measured in its disabled colours: the dark-theme flake of a check made while a load ran). So each
 * check first waits for the page's running finite animations to end, watches every frame's DOM while axe runs
 * (a MutationObserver per frame), and throws the result away and runs again when anything changed; a view that
 * never holds still for a whole run within `stillWithinMs` fails, naming what kept changing. Disabled controls need
 * nothing of ours: axe leaves natively `disabled` and `aria-disabled="true"` controls out of colour contrast.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';

export interface AxeOptions {
  /** CSS selectors to check (default: the whole page, iframes included). */
  include?: string[];
  exclude?: string[];
  /** Rules to leave out, each with the reason in a comment at the call. */
  disableRules?: string[];
  /** How long the view may keep changing before the check fails (default 60 s); 0: one run, no second. */
  stillWithinMs?: number;
}

const STILL_WITHIN_MS = 60_000;
/** Where a frame keeps its record of DOM changes while axe runs. */
const WATCH_KEY = '__axeStillnessWatch';
/** The longest a check waits for toasts to leave (the pane's last 4 s, plus their exit). */
const TOAST_WAIT_MS = 8_000;
/** At most this many changes are described per frame (one is enough to run again). */
const CHANGES_KEPT = 5;

/** Moderate findings too (issue #26): landmarks, heading levels, regions are what a screen reader user navigates by. */
const BLOCKING = new Set(['moderate', 'serious', 'critical']);

/**
 * Fluent UI's focus manager (Tabster) puts invisible `<i data-tabster-dummy tabindex="0" aria-hidden="true">`
 * sentinels around focus groups to move focus in and out of them; axe flags them as `aria-hidden-focus`. A known
 * false positive (microsoft/fluentui #25133, microsoft/tabster #288): only those nodes of only that rule are
 * dropped, the rule still checks everything else.
 */
function isTabsterDummy(rule: string, html: string): boolean {
  return rule === 'aria-hidden-focus' && /^<i\b[^>]*\bdata-tabster-dummy\b/.test(html);
}

export function describeViolations(violations: Result[]): string {
  return violations
    .map((v) => {
      const targets = v.nodes.map(
        (n) =>
          `      ${JSON.stringify(n.target)}${n.failureSummary ? ` — ${n.failureSummary.split('\n').slice(1).join('; ').trim()}` : ''}`,
      );
      return `  ${v.id} (${v.impact ?? 'unknown'}): ${v.help}\n${targets.join('\n')}`;
    })
    .join('\n');
}

/** Runs in the frame: ends the finite animations running now (an infinite one, a spinner, never ends: skipped). */
async function animationsSettled(): Promise<void> {
  const finite = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
  await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
}

/**
 * Runs in the frame: waits (at most `limitMs`) until no Fluent toast is shown. A toast leaves by itself after a few
 * seconds (the pane's show 4 s), always during a run of axe, which then had to be thrown away and run again: every
 * check right after a load cost two runs. Its text is checked where it stays: the same words are on the card.
 */
async function toastsGone({ limitMs }: { limitMs: number }): Promise<void> {
  const end = Date.now() + limitMs;
  while (document.querySelector('.fui-Toast') !== null && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 100));
}

/** What a frame keeps while axe runs: the observer, what it saw, and how it notes a batch of changes. */
interface FrameWatch {
  observer: MutationObserver;
  changes: string[];
  note(mutations: MutationRecord[]): void;
}

/** Runs in the frame: starts recording every change of its DOM under `key`. */
function startWatching({ key, kept }: { key: string; kept: number }): void {
  const holder = window as unknown as Record<string, FrameWatch | undefined>;
  holder[key]?.observer.disconnect();
  const changes: string[] = [];
  const describe = (m: MutationRecord): string => {
    const target = m.target instanceof Element ? m.target : m.target.parentElement;
    const name = target ? `<${target.tagName.toLowerCase()}${target.id ? `#${target.id}` : ''}>` : 'the document';
    return m.type === 'attributes'
      ? `${m.attributeName ?? '?'} of ${name}`
      : m.type === 'childList'
        ? `children of ${name}`
        : `text in ${name}`;
  };
  const note = (mutations: MutationRecord[]): void => {
    for (const m of mutations) if (changes.length < kept) changes.push(describe(m));
  };
  const observer = new MutationObserver(note);
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  holder[key] = { observer, changes, note };
}

/** Runs in the frame: stops recording and answers what changed (also what is still queued for the observer). */
function stopWatching({ key }: { key: string }): string[] {
  const holder = window as unknown as Record<string, FrameWatch | undefined>;
  const watch = holder[key];
  if (!watch) return ['the document was replaced'];
  watch.note(watch.observer.takeRecords());
  watch.observer.disconnect();
  delete holder[key];
  return watch.changes;
}

/** Watches every frame of the page; the answer of the returned function: what changed meanwhile (empty: nothing). */
async function watchFrames(page: Page): Promise<() => Promise<string[]>> {
  const all = page.frames();
  const args = { key: WATCH_KEY, kept: CHANGES_KEPT };
  // A frame no script can run in (a blocked request's error page) is one axe cannot check either: not watched.
  const watched = await Promise.all(
    all.map((frame) =>
      frame.evaluate(startWatching, args).then(
        () => true,
        () => false,
      ),
    ),
  );
  const frames = all.filter((_frame, i) => watched[i]);
  return async () => {
    const now = page.frames();
    const changes = now.length !== all.length || now.some((f) => !all.includes(f)) ? ['a frame came or went'] : [];
    for (const frame of frames) {
      if (frame.isDetached()) continue;
      const seen = await frame.evaluate(stopWatching, args).catch(() => ['the frame navigated']);
      changes.push(...seen.map((change) => `${change} (${frame === page.mainFrame() ? 'page' : frame.name() || frame.url()})`));
    }
    return changes;
  };
}

/**
 * One `axe.run` in the top frame reaching the pane's (same-origin) frame by axe's own frame messaging, and only the
 * violations' nodes described: the default (`runPartial` per frame, `finishRun` in a new page, a CSS selector made
 * for each of the thousands of passing nodes of the grid's accessibility table) took 10 to 14 s a check of the
 * whole preview, this takes under one, with the same rules, frames and violations.
 */
function analyzer(page: Page, options: AxeOptions): AxeBuilder {
  let builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  for (const selector of options.include ?? []) builder = builder.include(selector);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
  return builder;
}

/**
 * The moderate, serious and critical violations on the page now (iframes included), from a run during which the page held
 * still (see the top of this file); `runs` says how many runs that took.
 */
export async function stillViolations(page: Page, options: AxeOptions = {}): Promise<{ violations: Result[]; runs: number }> {
  const deadline = Date.now() + (options.stillWithinMs ?? STILL_WITHIN_MS);
  for (let runs = 1; ; runs++) {
    await Promise.all(page.frames().map((frame) => frame.evaluate(toastsGone, { limitMs: TOAST_WAIT_MS }).catch(() => undefined)));
    await Promise.all(page.frames().map((frame) => frame.evaluate(animationsSettled).catch(() => undefined)));
    const changed = await watchFrames(page);
    const results = await analyzer(page, options).analyze();
    const changes = await changed();
    if (changes.length === 0) {
      const violations = results.violations
        .map((v) => ({ ...v, nodes: v.nodes.filter((n) => !isTabsterDummy(v.id, n.html)) }))
        .filter((v) => v.nodes.length > 0 && BLOCKING.has(v.impact ?? ''));
      return { violations, runs };
    }
    if (Date.now() >= deadline) {
      throw new Error(`axe: ${page.url()} did not hold still for a whole check (${runs} run(s)); it kept changing: ${changes.join('; ')}`);
    }
  }
}

/** The moderate, serious and critical violations on the page now, from a run during which it held still. */
export async function seriousViolations(page: Page, options: AxeOptions = {}): Promise<Result[]> {
  return (await stillViolations(page, options)).violations;
}

export async function expectAccessible(page: Page, options: AxeOptions = {}): Promise<void> {
  const violations = await seriousViolations(page, options);
  if (violations.length > 0) {
    throw new Error(
      `axe found ${violations.length} moderate, serious or critical violation(s) on ${page.url()}:\n${describeViolations(violations)}`,
    );
  }
}
