import type { BasicConfig } from '@minecloud/contract/config';
import type { Deposit, Withdrawal } from '@minecloud/contract/wallet';
import { balancesAnswer } from '@/features/assets/testing/money-fixtures';
import { DEFAULT_SESSION, useSession } from '@/lib/session';
import { BASIC_CONFIG, mockServer, ok } from '@/test/render-app';

/** Fixtures of the withdrawal and deposit tests (imported by tests only). */

/** The member's sign-in wallet (Hardhat key 0). */
export const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
/** The bound withdrawal address, checksummed (Hardhat key 1). */
export const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
/** Another checksummed address (Hardhat key 2). */
export const OTHER_WALLET = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
export const DEPOSIT_ADDRESS = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
export const TOKEN_USDT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
export const TOKEN_BTC = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
export const TX_HASH = `0x${'ab'.repeat(32)}`;

export const CONFIG: BasicConfig = {
  ...BASIC_CONFIG,
  limits: {
    withdrawFeeUSDT: '1.5',
    withdrawMinUSDT: '10',
    withdrawFeeBTC: '0.0005',
    withdrawMinBTC: '0.001',
    depositAddress: DEPOSIT_ADDRESS,
    tokenUSDT: TOKEN_USDT,
    tokenBTC: TOKEN_BTC,
    confirmations: '12',
  },
  features: { deposits: true },
};

export const USER = {
  id: '100004',
  address: ADDRESS,
  identity: 'regular',
  level: 1,
  email: 'miner@example.com' as string | null,
  withdrawAddress: WALLET as string | null,
  inviteCodes: [],
  balances: { GOLD: '0', USDT: '1234.567891', BTC: '0.12345679' },
};

export const BALANCES = {
  GOLD: { available: '0' },
  USDT: { available: '1234.567891', locked: '0' },
  BTC: { available: '0.12345679' },
};

export function signIn(): void {
  useSession.setState({ ...DEFAULT_SESSION, token: 'jwt-1', address: ADDRESS });
}

// Local times, so the expected texts hold in any time zone.
export const at = (minute: number) => new Date(2024, 5, 1, 10, minute, 5).toISOString();

export function withdrawal(id: string, over: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id,
    asset: 'USDT',
    amount: '100',
    fee: '1.5',
    received: '98.5',
    address: WALLET,
    status: 'processing',
    state: 'review',
    reason: null,
    txHash: null,
    confirmations: null,
    requiredConfirmations: 12,
    createdAt: at(0),
    timeline: [{ stage: 'submitted', at: at(0), txHash: null }],
    ...over,
  };
}

export function deposit(id: string, over: Partial<Deposit> = {}): Deposit {
  return {
    id,
    txHash: TX_HASH,
    asset: 'USDT',
    amount: '250',
    status: 'credited',
    reason: null,
    confirmations: 12,
    requiredConfirmations: 12,
    createdAt: at(0),
    creditedAt: at(3),
    ...over,
  };
}

type Handlers = Parameters<typeof mockServer>[0];

/** The member `user` with `BALANCES` and `config`; `handlers` add or replace calls. */
export function walletServer(handlers: Handlers = {}, user = USER, config = CONFIG) {
  return mockServer({
    'GET /app-api/biz/biz-config/get/basic': () => ok(config),
    'GET /app-api/biz/biz-user/get': () => ok(user),
    'GET /app-api/asset/selectAssetBalance': () => balancesAnswer(BALANCES),
    ...handlers,
  });
}
