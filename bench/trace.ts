// Where a page's first load spends the main thread: `node --import tsx bench/trace.ts [--cpu N]`.
// Not a budgeted bench (Lighthouse's rows are): a diagnosis to run before changing anything. It serves
// the production build on a fresh PostgreSQL database with the demo content, opens each page once in
// Debian's Chromium at 390×844 with nothing cached, the CPU slowed N× (default 4, as Lighthouse's mobile
// preset) and the network as Lighthouse's slow 4G (150 ms, 1.6 Mbps), with V8's sampling profiler on
// from navigation until the page has been quiet for 2 s. It prints, per page: the requests in the order
// they started (the waterfall: when each began and ended), the main thread's self time by script, and
// the twenty functions with the most self time. `--page <text>` traces only the pages whose label has it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { type CDPSession, chromium } from 'playwright-core';
import { startDemoSite } from './demo-site.ts';

const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
const cpuFlag = process.argv.indexOf('--cpu');
const CPU = cpuFlag > 0 ? Number(process.argv[cpuFlag + 1]) : 4;
// `--page assets` traces only the pages whose label contains that text.
const pageFlag = process.argv.indexOf('--page');
const PAGE = pageFlag > 0 ? process.argv[pageFlag + 1] : undefined;
const PAGES = [
  { label: 'home', hash: '/', member: false },
  { label: 'mining', hash: '/pages/tabbar/second/second', member: false },
  { label: 'market trend', hash: '/pages/tabbar/four/four', member: false },
  { label: 'notices', hash: '/pages/second_child/noticelist/noticelist', member: false },
  { label: 'my assets (signed in)', hash: '/pages/my_child/assetslist/assetslist', member: true },
  { label: 'team tab (signed in)', hash: '/pages/tabbar/team/team', member: true },
];
const name = 'minecloud_bench_trace';

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };
/** A long task as the page saw it (PerformanceObserver), in ms of the page's clock. */
type LongTask = { start: number; duration: number };

/** Self time in ms per profile node, from the samples and the time between them. */
function selfTimes(profile: Profile): Map<number, number> {
  const times = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    const delta = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    times.set(id, (times.get(id) ?? 0) + delta);
  });
  return times;
}

const maps = new Map<string, TraceMap | null>();
/** A minified function's original name and place, from the chunk's source map. */
function original(url: string, line: number, column: number): string | undefined {
  const file = /\/assets\/[^?#]+\.js$/.exec(url)?.[0];
  if (!file) return undefined;
  if (!maps.has(file)) {
    const mapFile = path.join(webDist, `${file}.map`);
    maps.set(file, existsSync(mapFile) ? new TraceMap(readFileSync(mapFile, 'utf8')) : null);
  }
  const map = maps.get(file);
  if (!map) return undefined;
  const position = originalPositionFor(map, { line: line + 1, column });
  if (!position.source) return undefined;
  const source = position.source.replace(/^.*node_modules\//, '').replace(/^.*\/src\//, 'src/');
  return `${position.name ?? '(anonymous)'} ${source}:${position.line}`;
}

const short = (url: string) => (url ? url.replace(/^https?:\/\/[^/]+/, '') || '/' : '(no script)');

function report(label: string, profile: Profile, requests: { url: string; start: number; end: number }[]) {
  const times = selfTimes(profile);
  const byScript = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const ms = times.get(node.id) ?? 0;
    if (!ms) continue;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const script = functionName === '(program)' || functionName === '(garbage collector)' ? functionName : short(url);
    if (functionName === '(idle)') continue;
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
    if (functionName === '(program)') continue;
    const key =
      original(url, lineNumber, columnNumber) ?? `${functionName || '(anonymous)'} ${script}:${lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
  }
  const top = (map: Map<string, number>, count: number) =>
    [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, count);
  console.log(`\n━━ ${label} (CPU ${CPU}×) ━━`);
  console.log('  requests (ms from navigation: start → end):');
  for (const r of requests)
    console.log(
      `    ${String(Math.round(r.start)).padStart(5)} → ${String(Math.round(r.end)).padStart(5)}  ${short(r.url)}`,
    );
  console.log('  main thread self time by script (ms; idle left out):');
  for (const [script, ms] of top(byScript, 12)) console.log(`    ${ms.toFixed(0).padStart(6)}  ${script}`);
  console.log('  functions with the most self time (ms):');
  for (const [fn, ms] of top(byFunction, 20)) console.log(`    ${ms.toFixed(1).padStart(6)}  ${fn}`);
}

/**
 * Each long task (over 50 ms), with the app's own functions on the stack for most of it: the frame
 * nearest the top that is in `src/` (else the innermost named one), by time within the task.
 * `pageNowAtEnd` is the page's `performance.now()` read just before the profile ended: the two clocks
 * are paired there.
 */
function reportLongTasks(profile: Profile, tasks: LongTask[], pageNowAtEnd: number) {
  const parent = new Map<number, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const nameOf = (node: ProfileNode) => {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    return (
      original(url, lineNumber, columnNumber) ?? `${functionName || '(anonymous)'} ${short(url)}:${lineNumber + 1}`
    );
  };
  const blame = new Map<number, string>();
  const blameOf = (id: number): string => {
    const known = blame.get(id);
    if (known) return known;
    let innermost: string | undefined;
    let found: string | undefined;
    for (let at: number | undefined = id; at !== undefined && !found; at = parent.get(at)) {
      const node = byId.get(at) as ProfileNode;
      if (!node.callFrame.url) continue;
      const name = nameOf(node);
      innermost ??= name;
      if (name.includes(' src/')) found = name;
    }
    const answer = found ?? innermost ?? (byId.get(id)?.callFrame.functionName || '(native)');
    blame.set(id, answer);
    return answer;
  };
  // Sample times in the page's clock.
  const offset = pageNowAtEnd - profile.endTime / 1000;
  let at = profile.startTime / 1000;
  const samples = profile.samples.map((id, i) => {
    at += (profile.timeDeltas[i] ?? 0) / 1000;
    return { id, time: at + offset };
  });
  console.log(`  long tasks (${tasks.length}; start ms from navigation, length, where the time went):`);
  for (const task of tasks) {
    const within = new Map<string, number>();
    for (const [i, sample] of samples.entries()) {
      if (sample.time < task.start || sample.time > task.start + task.duration) continue;
      const ms = (samples[i + 1]?.time ?? sample.time) - sample.time || 0;
      const node = byId.get(sample.id);
      const fn = node?.callFrame.functionName;
      const key = fn === '(program)' || fn === '(garbage collector)' || fn === '(idle)' ? fn : blameOf(sample.id);
      within.set(key, (within.get(key) ?? 0) + ms);
    }
    const parts = [...within.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([name, ms]) => `${name} ${ms.toFixed(0)}`);
    console.log(
      `    ${task.start.toFixed(0).padStart(5)}  ${task.duration.toFixed(0).padStart(4)} ms  ${parts.join(' · ')}`,
    );
  }
}

if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}`);
const site = await startDemoSite(name, { sourcemap: true });
const webDist = site.webDist;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
try {
  const session = site.session;
  for (const page of PAGES.filter((p) => !PAGE || p.label.includes(PAGE))) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    if (page.member) {
      await context.addInitScript(
        ([key, value]) => {
          if (!localStorage.getItem(key!)) localStorage.setItem(key!, value!);
        },
        [session.key, session.value],
      );
    }
    await context.addInitScript(() => {
      const seen: { start: number; duration: number }[] = [];
      (window as unknown as { __longTasks: typeof seen }).__longTasks = seen;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) seen.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    const tab = await context.newPage();
    const cdp: CDPSession = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
    const requests = new Map<string, { url: string; start: number; end: number }>();
    let origin = 0;
    let lastActivity = Date.now();
    cdp.on('Network.requestWillBeSent', (e) => {
      if (!origin) origin = e.timestamp;
      requests.set(e.requestId, { url: e.request.url, start: (e.timestamp - origin) * 1000, end: Number.NaN });
      lastActivity = Date.now();
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.end = (e.timestamp - origin) * 1000;
      lastActivity = Date.now();
    });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await tab.goto(`${site.url}/#${page.hash}`, { waitUntil: 'load' });
    while (Date.now() - lastActivity < 2000) await new Promise((r) => setTimeout(r, 250));
    const { tasks, now } = await tab.evaluate(() => ({
      tasks: (window as unknown as { __longTasks: LongTask[] }).__longTasks,
      now: performance.now(),
    }));
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    report(page.label, profile, [...requests.values()]);
    reportLongTasks(profile, tasks, now);
    await context.close();
  }
} finally {
  await browser.close();
  await site.stop();
}
