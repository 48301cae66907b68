/**
 * Accessibility checks with axe-core in the page (issue 20): the serious and critical violations of the
 * screen as it is now, each with a few of the elements at fault. axe's source is evaluated through the
 * DevTools protocol, so the app's Content-Security-Policy (script-src 'self') needs no exception.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type AxeFinding = { id: string; impact: string; help: string; nodes: string[] };

type AxeResult = { violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; any: { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } | null }[] }[] }[] };
type AxeWindow = { axe?: { run(context: unknown, options: Record<string, unknown>): Promise<AxeResult> } };

/** Serious and critical axe violations of the page (WCAG 2.1 A and AA rules and axe's best practices). */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => Boolean((window as unknown as AxeWindow).axe)))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    // Ant Design's table keeps a hidden row to measure its columns (aria-hidden, with the cells'
    // contents): not something a person reaches, and not ours to change.
    const result = await (window as unknown as AxeWindow).axe!.run({ exclude: [['.ant-table-measure-row']] }, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact!,
        help: v.help,
        nodes: v.nodes.slice(0, 5).map((n) => {
          const c = n.any.find((a) => a.data?.contrastRatio)?.data;
          return `${n.target.map(String).join(' ')}${c ? ` (${c.fgColor} on ${c.bgColor}: ${c.contrastRatio})` : ''}`;
        }),
      }));
  });
}
