import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'puppeteer-core';

/** The axe-core engine from node_modules, injected into the page under test: no download, no network. */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0 and 2.1 levels A and AA, 2.2 AA (axe has no 2.2 level-A rule), plus axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] as const;

/** The impacts a test fails on. */
export const FAILING_IMPACTS: readonly string[] = ['serious', 'critical'];

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: string[]; failureSummary: string }[];
}

/**
 * Runs axe on the whole document and returns its serious and critical violations. The source is evaluated
 * through the DevTools protocol, which the app's Content-Security-Policy (no inline scripts) does not block.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags: string[]) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, options: unknown) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations as AxeViolation[];
  }, [...AXE_TAGS]);
  return violations
    .filter((v) => v.impact !== null && FAILING_IMPACTS.includes(v.impact))
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String), failureSummary: n.failureSummary })),
    }));
}

/** A readable report: rule, impact, help text and the selectors of every failing node. */
export function formatViolations(where: string, violations: AxeViolation[]): string {
  if (violations.length === 0) return `${where}: no serious or critical violations`;
  const lines = violations.flatMap((v) => [
    `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})`,
    ...v.nodes.slice(0, 10).map((n) => `      ${n.target.join(' > ')}\n        ${n.failureSummary.replace(/\n/g, '\n        ')}`),
    ...(v.nodes.length > 10 ? [`      ... and ${v.nodes.length - 10} more`] : []),
  ]);
  return `${where}: ${violations.length} serious/critical axe violation(s)\n${lines.join('\n')}`;
}

/** The page's serious and critical violations, formatted under `where`; '' when there are none. */
export async function audit(page: Page, where: string): Promise<string> {
  const violations = await seriousViolations(page);
  return violations.length ? formatViolations(where, violations) : '';
}
