import type { SolvencyAsset } from '@minecloud/contract/solvency';
import { sql } from 'drizzle-orm';
import { Gauge, type Registry } from 'prom-client';
import { type Db, queryRows } from '../../db/client.ts';
import type { Sampler } from './sampler.ts';

/** The newest published solvency day: each on-chain asset's ratio, and the anchors not mined. */
export type SolvencyFigures = {
  day: string | null;
  publishedAt: number | null;
  assets: { asset: string; ratio: number; covered: boolean }[];
  unminedAnchors: number;
};

export async function solvencyFigures(db: Db): Promise<SolvencyFigures> {
  const [newest] = await queryRows<{ day: string; assets: SolvencyAsset[]; at: number }>(
    db,
    sql`select day::text, body->'assets' as assets, extract(epoch from published_at)::float8 as at
        from solvency_snapshots order by day desc limit 1`,
  );
  const [unmined] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from solvency_snapshots where anchor_tx_hash is not null and anchor_block is null`,
  );
  const assets = (
    typeof newest?.assets === 'string' ? JSON.parse(newest.assets) : (newest?.assets ?? [])
  ) as SolvencyAsset[];
  return {
    day: newest?.day ?? null,
    publishedAt: newest ? Number(newest.at) : null,
    // A float for alerting only; without liabilities an asset is covered, shown as ratio 1.
    assets: assets
      .filter((a) => a.covered !== null)
      .map((a) => ({ asset: a.asset, ratio: a.ratio === null ? 1 : Number(a.ratio), covered: a.covered === true })),
    unminedAnchors: Number(unmined?.n ?? 0),
  };
}

export function registerSolvency(registry: Registry, figures: Sampler<SolvencyFigures>) {
  new Gauge({
    name: 'minecloud_solvency_ratio',
    help: 'On-chain reserves ÷ member liabilities of the newest published day, by asset (below 1: not covered)',
    labelNames: ['asset'] as const,
    registers: [registry],
    async collect() {
      const last = await figures.get();
      this.reset();
      for (const a of last?.value.assets ?? []) this.set({ asset: a.asset }, a.ratio);
    },
  });
  new Gauge({
    name: 'minecloud_solvency_covered',
    help: 'Whether reserves cover liabilities exactly (1) or not (0), newest published day, by asset',
    labelNames: ['asset'] as const,
    registers: [registry],
    async collect() {
      const last = await figures.get();
      this.reset();
      for (const a of last?.value.assets ?? []) this.set({ asset: a.asset }, a.covered ? 1 : 0);
    },
  });
  new Gauge({
    name: 'minecloud_solvency_last_published_timestamp_seconds',
    help: 'When the newest solvency day was published (absent before the first)',
    registers: [registry],
    async collect() {
      const last = await figures.get();
      this.reset();
      if (last?.value.publishedAt) this.set(last.value.publishedAt);
    },
  });
  new Gauge({
    name: 'minecloud_solvency_anchors_unmined',
    help: 'Published commitments whose anchor transaction is not mined yet',
    registers: [registry],
    async collect() {
      const last = await figures.get();
      this.reset();
      if (last) this.set(last.value.unminedAnchors);
    },
  });
}
