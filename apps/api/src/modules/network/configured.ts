import { bitcoinRpcSource } from './bitcoin-rpc.ts';
import { simulatedChain } from './simulated-chain.ts';
import type { NetworkSource } from './source.ts';

/**
 * The network days' source of this deployment: the Bitcoin Core node of BTC_RPC_URL; else, in the
 * demo, the simulated chain; else none (a network day then waits, saying why, and the fixed rate
 * settles as before). A simulated chain never pays outside the demo.
 */
export function networkSourceOf(
  config: { btcRpcUrl: string | null; demo: boolean },
  now: () => Date,
): NetworkSource | null {
  if (config.btcRpcUrl) return bitcoinRpcSource(config.btcRpcUrl);
  return config.demo ? simulatedChain(now) : null;
}
