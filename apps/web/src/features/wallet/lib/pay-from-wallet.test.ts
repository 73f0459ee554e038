import { walletChain } from '@minecloud/contract/chains';
import { type Address, decodeFunctionData, erc20Abi, type Hex, parseUnits } from 'viem';
import { describe, expect, it } from 'vitest';
import type { Eip1193Provider } from '@/lib/wallets';
import { ADD_CHAIN_AND_SEND, SENT_HASH as HASH, chainWallet as wallet } from '@/test/chain-wallet';
import { payFromWallet, tokenUnits, WalletPayError } from './pay-from-wallet';

const MEMBER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3' as Address;
const DEPOSIT = '0x90F79bf6EB2c4f870365E785982E1f101E93b906' as Address;
const BSC = walletChain(56, null);

const payment = (provider: Eip1193Provider, amount = '25.5') => ({
  provider,
  member: MEMBER,
  chain: BSC,
  token: TOKEN,
  to: DEPOSIT,
  amount,
});

async function refusal(promise: Promise<unknown>): Promise<WalletPayError> {
  const error = await promise.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(WalletPayError);
  return error as WalletPayError;
}

describe('paying a deposit from the wallet', () => {
  it('adds the chain the wallet lacks (4902), then sends one transfer of the typed amount to the deposit address', async () => {
    const w = wallet();
    const steps: string[] = [];
    expect(await payFromWallet(payment(w.provider), (step) => steps.push(step))).toBe(HASH);
    expect(steps).toEqual(['account', 'chain', 'send']);
    expect(w.methods()).toEqual(ADD_CHAIN_AND_SEND);
    expect(w.calls[2]?.params).toEqual([{ chainId: '0x38' }]);
    expect(w.calls[3]?.params).toEqual([
      {
        chainId: '0x38',
        chainName: 'BNB Smart Chain',
        nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
        rpcUrls: ['https://bsc-dataseed.bnbchain.org'],
        blockExplorerUrls: ['https://bscscan.com'],
      },
    ]);
    const [tx] = (w.calls[7]?.params ?? []) as [{ from: string; to: string; data: Hex; value: string }];
    expect(tx).toMatchObject({ from: MEMBER, to: TOKEN, value: '0x0' });
    const transfer = decodeFunctionData({ abi: erc20Abi, data: tx.data });
    expect(transfer).toEqual({ functionName: 'transfer', args: [DEPOSIT, parseUnits('25.5', 18)] });
  });

  it('only switches a wallet that knows the chain, and asks nothing of one already on it', async () => {
    const knowing = wallet({ knows: [1, 56] });
    await payFromWallet(payment(knowing.provider));
    expect(knowing.methods()).not.toContain('wallet_addEthereumChain');
    expect(knowing.methods()).toContain('wallet_switchEthereumChain');
    const there = wallet({ on: 56, knows: [56] });
    await payFromWallet(payment(there.provider));
    expect(there.methods()).toEqual(['eth_requestAccounts', 'eth_chainId', 'eth_call', 'eth_sendTransaction']);
  });

  it('sends nothing from an account that is not the sign-in wallet, and names the account', async () => {
    const other = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
    const w = wallet({ accounts: [other] });
    const error = await refusal(payFromWallet(payment(w.provider)));
    expect(error).toMatchObject({ reason: 'wrongAccount', account: other });
    expect(w.methods()).toEqual(['eth_requestAccounts']);
  });

  it('says which request the member refused (4001), and sends nothing after it', async () => {
    for (const method of ['eth_requestAccounts', 'wallet_switchEthereumChain', 'wallet_addEthereumChain']) {
      const w = wallet({ refuse: method });
      expect((await refusal(payFromWallet(payment(w.provider)))).reason).toBe('rejected');
      expect(w.methods()).not.toContain('eth_sendTransaction');
    }
    const atSend = wallet({ refuse: 'eth_sendTransaction' });
    expect((await refusal(payFromWallet(payment(atSend.provider)))).reason).toBe('rejected');
  });

  it('cannot add a chain with no public node: the member is told to add it', async () => {
    const w = wallet();
    const error = await refusal(payFromWallet({ ...payment(w.provider), chain: walletChain(31337, null) }));
    expect(error.reason).toBe('chainMissing');
    expect(w.methods()).not.toContain('wallet_addEthereumChain');
  });

  it('turns a typed amount into token units exactly, refusing more decimals than the token has', () => {
    expect(tokenUnits('25.5', 18)).toBe(25_500_000_000_000_000_000n);
    expect(tokenUnits('0.00000001', 8)).toBe(1n);
    expect(tokenUnits('7', 6)).toBe(7_000_000n);
    expect(() => tokenUnits('0.0000001', 6)).toThrow(WalletPayError);
    expect(() => tokenUnits('1e3', 18)).toThrow(WalletPayError);
  });
});
