// What the Lighthouse benches share (lighthouse.ts scores the pages, lighthouse-tasks.ts explains a
// score): one audited run, and a signed-in member's state before it.
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import type { DemoSite } from './demo-site.ts';

export type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;

// Lighthouse's answer to a trace it failed to record is "Please run Lighthouse again": under load
// Chromium now and then loses the trace's first events. Those runs (and only those) are run again.
const TRACE_LOST = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED', 'TRACING_ALREADY_STARTED']);
const ATTEMPTS = 3;
let retried = 0;

/** How many runs were repeated after a lost trace, so far. */
export const retries = () => retried;

/**
 * One Lighthouse run of `url` in the mobile preset at `cpuSlowdown`× CPU, performance only, through
 * the Chromium listening on `port`; a run whose trace was lost is run again.
 */
export async function audited(url: string, port: number, cpuSlowdown: number, member: boolean): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // A member's session lives in localStorage, which Lighthouse's reset would wipe; signedIn()
      // clears the rest of the origin's storage and the HTTP cache itself.
      disableStorageReset: member,
      // Merged into the mobile preset's throttling: only the CPU slowdown changes.
      throttling: { cpuSlowdownMultiplier: cpuSlowdown },
    });
    if (!result) throw new Error('Lighthouse returned nothing');
    const error = result.lhr.runtimeError;
    if (!error) return result;
    if (!TRACE_LOST.has(error.code) || attempt === ATTEMPTS) {
      throw new Error(`Lighthouse on ${url}: ${error.code} ${error.message}`);
    }
    retried += 1;
    console.log(`    (${error.code}: the trace was lost; running again)`);
  }
}

/**
 * Before a signed-in run: the origin's storage and the HTTP cache cleared, as Lighthouse's own reset
 * would, then the member's session written where the app keeps it (zustand's persisted state).
 */
export async function signedIn(port: number, origin: string, session: DemoSite['session']) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    // A same-origin document without the app, so that nothing of it is cached by this step.
    await page.goto(`${origin}/healthz`);
    await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [session.key, session.value]);
    await page.close();
  } finally {
    // Connected over CDP, close() only disconnects: the browser and its default context stay.
    await browser.close();
  }
}
