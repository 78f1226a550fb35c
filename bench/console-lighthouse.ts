import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort } from './bench-server';
import { chromiumLaunch } from './chromium';
import { CONSOLE_PAGES, signInAsDemo } from './console-pages';
import { median, round } from './stats';

export type LighthouseForm = 'mobile' | 'desktop';
export type LighthouseRuns = { page: string; form: LighthouseForm; scores: (number | null)[]; lcpMs: (number | null)[]; tbtMs: (number | null)[]; cls: (number | null)[] };

const audit = (lhr: { audits: Record<string, { numericValue?: number }> }, id: string) => lhr.audits[id]?.numericValue ?? null;

/**
 * Lighthouse's performance score for each main page, `runs` times per page and form factor:
 * 'mobile' is Lighthouse's default (a mid-range phone, simulated slow 4G and a 4× slower CPU),
 * 'desktop' its desktop preset. Lighthouse drives a Chromium that Playwright started with the
 * console e2e's flags and a debugging port, in one profile: the sign-in page is measured signed
 * out, then the demo agent signs in there, so the dashboard and lead pool load with the session
 * cookie and the console's "was signed in" hint, as for a returning user. Lighthouse empties the
 * HTTP cache before every run (cookies and local storage stay).
 */
export async function lighthouseRuns(o: { url: string; runs: number; forms: readonly LighthouseForm[]; log(m: string): void; signal: AbortSignal }): Promise<LighthouseRuns[]> {
  const port = await freePort();
  const profile = await mkdtemp(join(tmpdir(), 'lf-bench-lighthouse-'));
  const browser = await chromium.launchPersistentContext(profile, { ...chromiumLaunch([`--remote-debugging-port=${port}`]), headless: true });
  const results: LighthouseRuns[] = [];
  try {
    let signedIn = false;
    for (const page of CONSOLE_PAGES) {
      if (page.signedIn && !signedIn) {
        await signInAsDemo(browser, o.url);
        signedIn = true;
      }
      for (const form of o.forms) {
        const r: LighthouseRuns = { page: page.name, form, scores: [], lcpMs: [], tbtMs: [], cls: [] };
        for (let i = 0; i < o.runs && !o.signal.aborted; i++) {
          const result = await lighthouse(`${o.url}${page.path}`, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
            form === 'desktop' ? desktopConfig : undefined);
          const lhr = result?.lhr;
          const score = lhr?.categories.performance?.score;
          r.scores.push(typeof score === 'number' ? Math.round(score * 100) : null);
          r.lcpMs.push(lhr ? round(audit(lhr, 'largest-contentful-paint'), 0) : null);
          r.tbtMs.push(lhr ? round(audit(lhr, 'total-blocking-time'), 0) : null);
          r.cls.push(lhr ? round(audit(lhr, 'cumulative-layout-shift'), 3) : null);
          if (lhr?.runtimeError) o.log(`lighthouse ${page.name} (${form}): ${lhr.runtimeError.message}`);
        }
        o.log(`lighthouse ${page.name} (${form}): scores ${r.scores.join(' / ')}, median ${median(r.scores)}`);
        results.push(r);
      }
    }
  } finally {
    await browser.close();
    await rm(profile, { recursive: true, force: true });
  }
  return results;
}
