import type { WithdrawAsset } from '@minecloud/contract/wallet';
import { sql } from 'drizzle-orm';
import { Gauge, type Registry } from 'prom-client';
import { type Address, erc20Abi, formatUnits } from 'viem';
import { type Db, queryRows } from '../../db/client.ts';
import type { Chain } from '../wallet/chain.ts';
import { OptionalGauge, type Sampler } from './sampler.ts';

/** A token's smallest units as a float of whole tokens. */
export function chainUnitsAsNumber(value: bigint, decimals: number): number {
  return Number(formatUnits(value, decimals));
}

type PayoutWallet = {
  gas: number;
  tokens: { asset: WithdrawAsset; balance: number }[];
  nonce: { latest: number; pending: number; stored: number | null };
};

/** The hot wallet as the chain and the database see it: balances, and nonces mined, sent and handed out. */
export async function payoutWallet(db: Db, chain: Chain): Promise<PayoutWallet> {
  const address = chain.hotWallet as Address;
  const tokenBalance = async ([asset, token]: [string, `0x${string}`]) => {
    const [value, decimals] = await Promise.all([
      chain.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [address] }),
      chain.decimals(asset as WithdrawAsset),
    ]);
    return { asset: asset as WithdrawAsset, balance: chainUnitsAsNumber(value, decimals) };
  };
  const [gas, latest, pending, stored, tokens] = await Promise.all([
    chain.client.getBalance({ address }),
    chain.client.getTransactionCount({ address, blockTag: 'latest' }),
    chain.client.getTransactionCount({ address, blockTag: 'pending' }),
    queryRows<{ next_nonce: string }>(
      db,
      sql`select next_nonce::text from payout_wallets where chain_id = ${chain.id} and address = ${address.toLowerCase()}`,
    ),
    Promise.all((Object.entries(chain.tokens) as [string, `0x${string}`][]).map(tokenBalance)),
  ]);
  const next = stored[0]?.next_nonce;
  return {
    gas: chainUnitsAsNumber(gas, 18),
    tokens,
    nonce: { latest, pending, stored: next === undefined ? null : Number(next) },
  };
}

export function registerPayoutWallet(registry: Registry, wallet: Sampler<PayoutWallet>) {
  new Gauge({
    name: 'minecloud_payout_wallet_balance',
    help: "The payout wallet's token balance per asset, read from the chain, in whole tokens",
    labelNames: ['asset'] as const,
    registers: [registry],
    async collect() {
      const last = await wallet.get();
      this.reset();
      for (const { asset, balance } of last?.value.tokens ?? []) this.set({ asset }, balance);
    },
  });
  new OptionalGauge(
    registry,
    'minecloud_payout_wallet_gas_balance',
    "The payout wallet's native (gas) balance, in whole coins",
    async () => (await wallet.get())?.value.gas ?? null,
  );
  new Gauge({
    name: 'minecloud_payout_wallet_nonce',
    help: 'Nonces of the payout wallet: mined (latest), known to the node (pending), next handed out (stored)',
    labelNames: ['source'] as const,
    registers: [registry],
    async collect() {
      const last = await wallet.get();
      this.reset();
      if (!last) return;
      const { latest, pending, stored } = last.value.nonce;
      this.set({ source: 'latest' }, latest);
      this.set({ source: 'pending' }, pending);
      if (stored !== null) this.set({ source: 'stored' }, stored);
    },
  });
  new OptionalGauge(
    registry,
    'minecloud_payout_nonce_lag',
    'Payout transactions signed or sent but not mined: max(pending, stored) nonce minus the latest',
    async () => {
      const nonce = (await wallet.get())?.value.nonce;
      return nonce ? Math.max(0, Math.max(nonce.pending, nonce.stored ?? 0) - nonce.latest) : null;
    },
  );
}
