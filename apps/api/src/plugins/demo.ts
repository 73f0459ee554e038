import type { FastifyPluginAsync } from 'fastify';
import { seedDemoBanners } from '../modules/content/banners.ts';
import {
  seedDemo,
  seedDemoEquity,
  seedDemoLoosenDelay,
  seedDemoMiners,
  seedDemoNetworkOutput,
  seedDemoNotices,
  seedDemoSupport,
} from '../modules/demo/seed.ts';

/**
 * The demo's content, with DEMO=1 only (docs/operations.md, section 2): each seed runs once, on the
 * first start that finds it missing, and says so.
 */
export const demo: FastifyPluginAsync = async (app) => {
  if (!app.config.demo) return;
  const { db, log } = app;
  if (await seedDemo(db)) log.info('demo catalogue seeded');
  if (await seedDemoMiners(db)) log.info('demo miners seeded');
  if (await seedDemoEquity(db)) log.info('demo equity round opened');
  if (await seedDemoNotices(db)) log.info('demo notices published');
  if (await seedDemoBanners(db)) log.info('demo banners added');
  if (await seedDemoSupport(db)) log.info('demo support email set');
  if (await seedDemoLoosenDelay(db)) log.info('demo loosening delay set to 0 h');
  if (await seedDemoNetworkOutput(db)) {
    log.info(
      `demo mining output from the network, on ${app.network?.kind === 'node' ? 'BTC_RPC_URL' : 'the simulated chain'}`,
    );
  }
};
