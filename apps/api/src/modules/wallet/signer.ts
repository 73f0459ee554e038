import type { LocalAccount } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Config } from '../../config.ts';

/**
 * The hot wallet's signer: the one place it is made. Payouts (payout-send.ts) and the solvency
 * anchors (transparency/solvency.ts) sign only through this viem `LocalAccount` (`signTransaction`,
 * `signMessage`), so a remote signer — viem's `toAccount` around a KMS, an HSM or a Clef or
 * web3signer JSON-RPC — can take the local key's place here (docs/operations.md, "Secrets and the
 * payout signer"). None in an API process, whatever the configuration says: loadConfig refuses
 * PAYOUT_KEY there, and this never makes a signer for one either.
 */
export function payoutSigner(config: Pick<Config, 'mode' | 'chain'>): LocalAccount | null {
  if (config.mode === 'api' || !config.chain.payoutKey) return null;
  return privateKeyToAccount(config.chain.payoutKey);
}
