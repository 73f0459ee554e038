// Loaded when the member taps "Pay from wallet" (it brings viem's ABI encoding): never with the page.
import type { WalletChain } from '@minecloud/contract/chains';
import { TX_HASH_PATTERN } from '@minecloud/contract/wallet';
import { type Address, decodeFunctionResult, encodeFunctionData, erc20Abi, getAddress, type Hex, toHex } from 'viem';
import { type Eip1193Provider, isUserRejection } from '@/lib/wallets';

/** Why the wallet did not pay; each has its own message (walletPay* texts). */
export type WalletPayReason =
  /** The member refused a request in the wallet (EIP-1193 4001). */
  | 'rejected'
  /** The wallet gave no account. */
  | 'noAccount'
  /** The wallet's account is not the member's sign-in wallet: the deposit would not be credited. */
  | 'wrongAccount'
  /** The wallet lacks the chain and no public node is known to add it with. */
  | 'chainMissing'
  /** The wallet did not move to the chain (it refused the method, or stayed elsewhere). */
  | 'chainNotSwitched'
  /** The wallet has a request of this app open already (-32002): the member finishes it there. */
  | 'pending'
  /** Anything else the wallet answered: nothing was sent, or the wallet says why. */
  | 'failed';

export class WalletPayError extends Error {
  constructor(
    readonly reason: WalletPayReason,
    /** The account the wallet offered, for 'wrongAccount'. */
    readonly account?: string,
  ) {
    super(`The wallet did not pay: ${reason}`);
    this.name = 'WalletPayError';
  }
}

export type WalletPayment = {
  provider: Eip1193Provider;
  /** The member's sign-in address: only a transfer from it is credited (deposits.ts). */
  member: string;
  chain: WalletChain;
  token: Address;
  /** The platform's deposit address. */
  to: Address;
  /** The amount as the member typed it and the form checked it (a decimal string, never a float). */
  amount: string;
};

/** Where a payment is: the app shows it, so the member knows what the wallet is asking. */
export type WalletPayStep = 'account' | 'chain' | 'send';

/** EIP-3326: the wallet does not know the chain (MetaMask Mobile nests it in data.originalError). */
const UNKNOWN_CHAIN = 4902;
/** EIP-1474: a request of this origin is already open in the wallet. */
const REQUEST_PENDING = -32002;

/** Whether `error` (or an error it wraps) carries the EIP-1193 `code`. */
function hasCode(error: unknown, code: number): boolean {
  let at: unknown = error;
  for (let depth = 0; typeof at === 'object' && at !== null && depth < 4; depth++) {
    const {
      code: own,
      data,
      cause,
    } = at as { code?: unknown; data?: { originalError?: { code?: unknown } }; cause?: unknown };
    if (own === code || data?.originalError?.code === code) return true;
    at = cause;
  }
  return false;
}

/** A wallet's refusal as this module's error; anything already one passes through. */
function asPayError(error: unknown, otherwise: WalletPayReason = 'failed'): WalletPayError {
  if (error instanceof WalletPayError) return error;
  if (isUserRejection(error)) return new WalletPayError('rejected');
  if (hasCode(error, REQUEST_PENDING)) return new WalletPayError('pending');
  return new WalletPayError(otherwise);
}

async function chainOf(provider: Eip1193Provider): Promise<number> {
  const id = await provider.request({ method: 'eth_chainId' });
  return typeof id === 'string' ? Number.parseInt(id, 16) : Number(id);
}

/** Asks the wallet onto `chain`: switch (EIP-3326), or add it (EIP-3085) when the wallet does not know it. */
async function moveToChain(provider: Eip1193Provider, chain: WalletChain): Promise<void> {
  if ((await chainOf(provider)) === chain.id) return;
  const chainId = toHex(chain.id);
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
  } catch (error) {
    if (!hasCode(error, UNKNOWN_CHAIN)) throw asPayError(error, 'chainNotSwitched');
    if (chain.rpcUrls.length === 0) throw new WalletPayError('chainMissing');
    try {
      await provider.request({
        method: 'wallet_addEthereumChain',
        params: [
          {
            chainId,
            chainName: chain.name,
            nativeCurrency: chain.nativeCurrency,
            rpcUrls: chain.rpcUrls,
            ...(chain.explorer ? { blockExplorerUrls: [chain.explorer] } : {}),
          },
        ],
      });
      // Most wallets move to a chain they add; the others are asked again.
      if ((await chainOf(provider)) !== chain.id) {
        await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
      }
    } catch (added) {
      throw asPayError(added, 'chainNotSwitched');
    }
  }
  if ((await chainOf(provider)) !== chain.id) throw new WalletPayError('chainNotSwitched');
}

/** `amount` (a decimal string) in the token's smallest units; exact, from the string alone. */
export function tokenUnits(amount: string, decimals: number): bigint {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(amount.trim());
  if (!match) throw new WalletPayError('failed');
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  // The form allows fewer decimals than any token of ours has; more would be cut, so none is sent.
  if (fraction.length > decimals) throw new WalletPayError('failed');
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}

/**
 * Pays `amount` of `token` to the deposit address from the member's wallet: the sign-in account,
 * on the platform's chain (switched to or added), one ERC-20 `transfer` sent with
 * `eth_sendTransaction`. Answers the transaction hash; the wallet signs and broadcasts.
 */
export async function payFromWallet(
  payment: WalletPayment,
  onStep: (step: WalletPayStep) => void = () => undefined,
): Promise<Hex> {
  const { provider, chain, token, to } = payment;
  try {
    onStep('account');
    const accounts = await provider.request({ method: 'eth_requestAccounts' });
    const list = Array.isArray(accounts) ? accounts.filter((a): a is string => typeof a === 'string') : [];
    if (list.length === 0) throw new WalletPayError('noAccount');
    const from = list.find((account) => account.toLowerCase() === payment.member.toLowerCase());
    if (!from) throw new WalletPayError('wrongAccount', list[0]);

    onStep('chain');
    await moveToChain(provider, chain);

    onStep('send');
    const answer = await provider.request({
      method: 'eth_call',
      params: [{ to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'decimals' }) }, 'latest'],
    });
    const decimals = decodeFunctionResult({ abi: erc20Abi, functionName: 'decimals', data: answer as Hex });
    const value = tokenUnits(payment.amount, decimals);
    const hash = await provider.request({
      method: 'eth_sendTransaction',
      params: [
        {
          from: getAddress(from),
          to: token,
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, value] }),
          value: '0x0',
        },
      ],
    });
    if (typeof hash !== 'string' || !TX_HASH_PATTERN.test(hash)) throw new WalletPayError('failed');
    return hash as Hex;
  } catch (error) {
    throw asPayError(error);
  }
}
