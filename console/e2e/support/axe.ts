import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Serious and critical axe findings, summarised so a failure names the rule and the nodes.
 * `include` narrows the scan to a screen's own content (the shell has its own checks).
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
