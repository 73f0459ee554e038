import type { FastifyPluginAsync } from 'fastify';
import { assetRoutes } from '../modules/asset/routes.ts';
import { authRoutes } from '../modules/auth/routes.ts';
import { configRoutes } from '../modules/config/routes.ts';
import { contentRoutes } from '../modules/content/routes.ts';
import { welcomeDemoFunds } from '../modules/demo/seed.ts';
import { equityRoutes } from '../modules/equity/routes.ts';
import { feedbackRoutes } from '../modules/feedback/routes.ts';
import { roundRoutes } from '../modules/market/routes.ts';
import { miningRoutes } from '../modules/mining/routes.ts';
import { notificationRoutes } from '../modules/notifications/routes.ts';
import { poolRoutes } from '../modules/pool/routes.ts';
import { pushRoutes } from '../modules/push/routes.ts';
import { streamRoutes } from '../modules/stream/routes.ts';
import { teamRoutes } from '../modules/team/routes.ts';
import { transparencyRoutes } from '../modules/transparency/routes.ts';
import { userRoutes } from '../modules/user/routes.ts';
import { walletRoutes } from '../modules/wallet/routes.ts';
import { memberWithdrawalStates } from '../modules/wallet/withdrawals.ts';

/** The member app's API (`/app-api/`): every area's routes, with the settings each takes. */
export const memberApi: FastifyPluginAsync = async (api) => {
  const { config, mailer } = api;
  const money = { moneyCallsPerMinute: config.moneyCallsPerMinute };
  await api.register(authRoutes, {
    chainId: config.chainId,
    publicOrigin: config.publicOrigin,
    signInPerMinute: config.signInPerMinute,
    onSignUp: config.demo ? welcomeDemoFunds : undefined,
  });
  await api.register(userRoutes, { mailer, codesPerMinute: 10 });
  await api.register(assetRoutes, money);
  await api.register(configRoutes, {
    chainId: config.chainId,
    demo: config.demo,
    wallet: {
      depositAddress: config.chain.rpcUrl ? (config.chain.depositAddress ?? null) : null,
      tokens: config.chain.tokens,
      publicRpcUrl: config.chain.publicRpcUrl,
    },
    walletConnectProjectId: config.walletConnectProjectId,
  });
  await api.register(miningRoutes, money);
  await api.register(equityRoutes, money);
  await api.register(teamRoutes, { publicOrigin: config.publicOrigin });
  await api.register(poolRoutes, money);
  await api.register(roundRoutes);
  await api.register(transparencyRoutes);
  await api.register(walletRoutes, { ...money, mailer });
  await api.register(contentRoutes);
  await api.register(streamRoutes);
  await api.register(feedbackRoutes, {
    uploadsPerMinute: config.moneyCallsPerMinute,
    uploadBytesPerDay: config.uploadBytesPerDay,
  });
  await api.register(notificationRoutes, {
    withdrawalStates: (db, userId, ids) => memberWithdrawalStates(db, api.chain, userId, ids),
  });
  await api.register(pushRoutes, { production: config.production });
};
