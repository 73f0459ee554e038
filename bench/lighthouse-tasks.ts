// Why a Lighthouse row is what it is: `npm run bench:tasks -- <hash route> [--member] [--cpu N] [--runs N]`.
// Not a budgeted bench (lighthouse.ts is): a diagnosis. Lighthouse's mobile preset does not slow the CPU
// while it loads the page; it loads it at full speed and simulates the phone, each task taking `--cpu`
// times as long (default 4). Its simulation keeps the tasks of 10 ms or more at full speed and prunes
// nearly all shorter ones from its graph, with their time (lantern's PageDependencyGraph keeps the
// first layout, paint and parse, and a short task joining several others); a kept task
// blocks (counts in TBT) when its product is over 50 ms. Listed here: each such task of the run, from
// the trace Lighthouse recorded, with the events that took its time (script, layout, paint, a timer,
// microtasks), the run's score, TBT, LCP and its element, and the long tasks as the simulation placed
// them (its first paint and interactive: TBT counts what of each lies between them).
// bench/trace.ts shows the same page under a real CPU slowdown, by function; this shows what the score
// counts. Example: `npm run bench:tasks -- /pages/my_child/assetslist/assetslist --member --cpu 9.3`.
import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import { startDemoSite } from './demo-site.ts';
import { audited, signedIn } from './lighthouse-run.ts';

const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
const flag = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const hash = process.argv.slice(2).find((arg) => arg.startsWith('/')) ?? '/';
const member = process.argv.includes('--member');
const cpu = Number(flag('--cpu') ?? 4);
const runs = Number(flag('--runs') ?? 1);
if (!(cpu >= 1) || !(runs >= 1)) throw new Error('--cpu needs a slowdown ≥ 1 and --runs a count ≥ 1');
/** Lighthouse counts the part of a task over this as blocking. */
const BLOCKING_MS = 50;
/** Shorter tasks (at full speed) are pruned from Lighthouse's simulation: they (nearly) never block. */
const SIMULATED_MIN_MS = 10;
/** The events that say where a task's time went. */
const TELLING = new Set([
  'EvaluateScript',
  'FunctionCall',
  'TimerFire',
  'RunMicrotasks',
  'FireAnimationFrame',
  'EventDispatch',
  'v8.evaluateModule',
  'v8.compileModule',
  'v8.compile',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Commit',
  'MinorGC',
  'MajorGC',
]);

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; functionName?: string; isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
};

/** One item of Lighthouse's long-tasks audit: at a simulated slowdown, simulated times. */
type LongTask = { url: string; startTime: number; duration: number };

/** The main thread's tasks after the first paint that block at `cpu`×, each with where its time went. */
function blockingTasks(events: TraceEvent[], firstPaintMs: number, origin: string): string[] {
  const navigation = events.find(
    (event) =>
      event.name === 'navigationStart' &&
      event.args?.data?.isLoadingMainFrame &&
      event.args.data.documentLoaderURL?.startsWith('http'),
  );
  if (!navigation) return ['(no navigation in the trace)'];
  const main = events
    .filter(
      (event) =>
        event.pid === navigation.pid && event.tid === navigation.tid && event.ph === 'X' && event.ts >= navigation.ts,
    )
    .sort((a, b) => a.ts - b.ts);
  const lines: string[] = [];
  for (const task of main) {
    const ms = (task.dur ?? 0) / 1000;
    const at = (task.ts - navigation.ts) / 1000;
    if (task.name !== 'RunTask' || ms < SIMULATED_MIN_MS || ms * cpu <= BLOCKING_MS || at < firstPaintMs) continue;
    const end = task.ts + (task.dur ?? 0);
    const spent = new Map<string, number>();
    // Any event within the task, for a task none of whose events tells (then these are listed).
    const other = new Map<string, number>();
    for (const event of main) {
      if (event === task || event.ts < task.ts || event.ts + (event.dur ?? 0) > end) continue;
      if (!TELLING.has(event.name)) {
        other.set(event.name, (other.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
        continue;
      }
      const data = event.args?.data;
      const where = [data?.url?.replace(origin, ''), data?.functionName].filter(Boolean).join(' ');
      const label = where ? `${event.name} ${where}` : event.name;
      spent.set(label, (spent.get(label) ?? 0) + (event.dur ?? 0) / 1000);
    }
    const top = [...(spent.size ? spent : other)]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([label, time]) => `${label} ${time.toFixed(1)}`)
      .join(' · ');
    const blocking = Math.round(ms * cpu - BLOCKING_MS);
    lines.push(`${at.toFixed(0).padStart(6)} ms  ${ms.toFixed(1).padStart(5)} ms (blocks ${blocking} ms)  ${top}`);
  }
  return lines;
}

if (!existsSync(CHROMIUM)) {
  throw new Error(`no Chromium at ${CHROMIUM} (apt-get install chromium, or set BENCH_CHROMIUM)`);
}
const site = await startDemoSite('minecloud_bench_tasks');
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
try {
  console.log(`\n${hash}${member ? ' (signed in)' : ''}, Lighthouse's mobile preset at ${cpu}× CPU`);
  for (let run = 1; run <= runs; run += 1) {
    // As bench/lighthouse.ts does: the cache and storage cleared, the member's session written.
    if (member) await signedIn(chrome.port, site.url, site.session);
    const result = await audited(`${site.url}/#${hash}`, chrome.port, cpu, member);
    const { lhr, artifacts } = result;
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const element = (
      lhr.audits['largest-contentful-paint-element']?.details as
        | { items?: { items?: { node?: { snippet?: string } }[] }[] }
        | undefined
    )?.items?.[0]?.items?.[0]?.node?.snippet;
    console.log(
      `  run ${run}: score ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}, TBT ${Math.round(value('total-blocking-time'))} ms, LCP ${(value('largest-contentful-paint') / 1000).toFixed(2)} s, CLS ${value('cumulative-layout-shift').toFixed(3)}; largest paint: ${element ?? '?'}`,
    );
    // What the simulation counted: its own long tasks, their start and length at the slowdown.
    const simulated = (lhr.audits['long-tasks']?.details as { items?: LongTask[] } | undefined)?.items ?? [];
    console.log(
      `    simulated: first paint ${Math.round(value('first-contentful-paint'))} ms, interactive ${Math.round(value('interactive'))} ms; long tasks (start+length ms): ${
        simulated
          .slice()
          .sort((a, b) => a.startTime - b.startTime)
          .map(
            (task) =>
              `${Math.round(task.startTime)}+${Math.round(task.duration)} ${task.url.replace(site.url, '') || '?'}`,
          )
          .join(', ') || 'none'
      }`,
    );
    const metrics = (lhr.audits.metrics?.details as { items?: { observedFirstContentfulPaint?: number }[] } | undefined)
      ?.items?.[0];
    const trace = (artifacts as unknown as { Trace?: { traceEvents: TraceEvent[] } }).Trace;
    if (!trace) {
      console.log('    (Lighthouse kept no trace)');
      continue;
    }
    console.log('    tasks after the first paint that block (ms from navigation, at full speed):');
    for (const line of blockingTasks(trace.traceEvents, metrics?.observedFirstContentfulPaint ?? 0, site.url)) {
      console.log(`    ${line}`);
    }
  }
} finally {
  chrome.kill();
  await site.stop();
}
