/**
 * Accessibility: axe-core through @axe-core/playwright. `AxeBuilder` injects axe into every frame and runs across
 * them, so a check of the preview page covers the pane's iframe too; `include: '#pane'` checks the pane alone
 * (an iframe in the context means its whole document). Fails on any `serious` or `critical` violation and prints
 * each with its rule, impact, help and the elements it hit.
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
}

const BLOCKING = new Set(['serious', 'critical']);

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
      const targets = v.nodes.map((n) => `      ${JSON.stringify(n.target)}${n.failureSummary ? ` — ${n.failureSummary.split('\n').slice(1).join('; ').trim()}` : ''}`);
      return `  ${v.id} (${v.impact ?? 'unknown'}): ${v.help}\n${targets.join('\n')}`;
    })
    .join('\n');
}

/** The serious and critical violations on the page now (iframes included). */
export async function seriousViolations(page: Page, options: AxeOptions = {}): Promise<Result[]> {
  let builder = new AxeBuilder({ page });
  for (const selector of options.include ?? []) builder = builder.include(selector);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
  const results = await builder.analyze();
  return results.violations
    .map((v) => ({ ...v, nodes: v.nodes.filter((n) => !isTabsterDummy(v.id, n.html)) }))
    .filter((v) => v.nodes.length > 0 && BLOCKING.has(v.impact ?? ''));
}

export async function expectAccessible(page: Page, options: AxeOptions = {}): Promise<void> {
  const violations = await seriousViolations(page, options);
  if (violations.length > 0) {
    throw new Error(`axe found ${violations.length} serious or critical violation(s) on ${page.url()}:\n${describeViolations(violations)}`);
  }
}
