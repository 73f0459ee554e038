// Is a change to the member app faster? `npm run bench:ab -- --base <dir> [--page <hash>] [--member]
// [--cpu N] [--runs N]`. Not a budgeted bench (lighthouse.ts is): a comparison that holds on a noisy
// machine. This machine's speed drifts within minutes (Lighthouse's benchmarkIndex read 1,300 to 2,900 in
// one run), so two bench runs an hour apart say little about a change of 20%. Here both builds are
// served at once, each by its own server on its own database (bench/demo-site.ts), and Lighthouse runs
// them in turn, one run of each after the other: both see the same machine. `--base` is a member-app
// build made before the change, e.g. `git stash && npm run build -w apps/web -- --outDir /tmp/base &&
// git stash pop`; the other side is a fresh build of this tree. Prints each run's TBT and score at `--cpu`
// (default 8.6, this machine's calibrated slowdown on a quiet day) and their medians.
import { existsSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { startDemoSite } from './demo-site.ts';
import { audited, signedIn } from './lighthouse-run.ts';

const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
const flag = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const base = flag('--base');
const hash = flag('--page') ?? '/';
const member = process.argv.includes('--member');
const cpu = Number(flag('--cpu') ?? 8.6);
const runs = Number(flag('--runs') ?? 7);
if (!base || !existsSync(path.join(base, 'index.html'))) {
  throw new Error('--base needs a member-app build directory (with its index.html): see the comment at the top');
}
if (!(cpu >= 1) || !(runs >= 1)) throw new Error('--cpu needs a slowdown ≥ 1 and --runs a count ≥ 1');
if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM} (apt-get install chromium)`);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const sides = [
  { label: 'this tree', site: await startDemoSite('minecloud_bench_ab_head') },
  { label: 'base', site: await startDemoSite('minecloud_bench_ab_base', { webDist: path.resolve(base) }) },
];
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
const figures = sides.map(() => ({ tbt: [] as number[], score: [] as number[] }));
try {
  console.log(`\n${hash}${member ? ' (signed in)' : ''} at ${cpu}× CPU, ${runs} runs of each build in turn`);
  for (let run = 1; run <= runs; run += 1) {
    for (const [i, { site }] of sides.entries()) {
      // Each side's origin is its own: its first run is a first visit (the startup splash), as a
      // bench run's first is; Lighthouse keeps localStorage between runs.
      if (member) await signedIn(chrome.port, site.url, site.session);
      const { lhr } = await audited(`${site.url}/#${hash}`, chrome.port, cpu, member);
      figures[i]!.tbt.push(Math.round(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN));
      figures[i]!.score.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
    }
  }
} finally {
  chrome.kill();
  for (const { site } of sides) await site.stop();
}
for (const [i, { label }] of sides.entries()) {
  const { tbt, score } = figures[i]!;
  console.log(
    `  ${label.padEnd(10)} TBT median ${String(median(tbt)).padStart(4)} ms (runs ${tbt.join(', ')}); score median ${median(score)} (runs ${score.join(', ')})`,
  );
}
