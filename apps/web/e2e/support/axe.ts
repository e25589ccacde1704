// axe-core run inside a page of the real storefront (docs/decisions/143-accessibility-checks.md):
// every rule on, every impact counted, each violation reported with its page, rule, impact and
// target so a failure says what to fix.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * axe's source is served to the page from node_modules at a same-origin address the test answers
 * itself: the shop's CSP (script-src 'self') refuses an inline script, and nothing may come from
 * the network (support/browser.ts).
 */
const AXE_PATH = '/__axe-core.js';

/**
 * Waits until what moves on the page has stopped (a menu sliding in, a fade), so colours are
 * measured as the shopper ends up seeing them: two frames for a transition about to start, then
 * until every timed animation with an end has ended. Endless ones (a spinner) and a toast's
 * progress bar are not waited for.
 */
export async function motionSettled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
  await page.waitForFunction(
    () =>
      document.getAnimations().every(
        (animation) =>
          // One driven by scrolling (the help button's) moves only when the page does.
          !(animation.timeline instanceof DocumentTimeline) ||
          // A toast's progress bar runs for its whole life (5 s); its colours do not change.
          (animation.effect instanceof KeyframeEffect &&
            animation.effect.target?.closest('.Toastify__progress-bar') != null) ||
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Infinity,
      ),
    undefined,
    { timeout: 5_000 },
  );
}

/** The violations axe finds on the page as it is now, one line each; empty when there are none. */
export async function axeViolations(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.route(`**${AXE_PATH}`, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: AXE_SOURCE }),
    );
    await page.addScriptTag({ url: AXE_PATH });
  }
  const violations = await page.evaluate(async () => {
    type Rule = { ruleId: string };
    type Result = {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: unknown[]; failureSummary?: string }[];
      }[];
    };
    const axe = (
      window as unknown as {
        axe: {
          getRules(): Rule[];
          run(context: Document, options: object): Promise<Result>;
        };
      }
    ).axe;
    // Every rule axe has, the experimental ones included: none is left out here.
    const rules = Object.fromEntries(axe.getRules().map((r) => [r.ruleId, { enabled: true }]));
    const result = await axe.run(document, { rules, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.map(String).join(' '),
        summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
      })),
    }));
  });
  return violations.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${where}: ${v.id} (${v.impact ?? 'no impact'}) at ${n.target} — ${v.help}. ${n.summary}`,
    ),
  );
}
