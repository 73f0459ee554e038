import { API } from '@minecloud/contract/api-paths';
import { DEFAULT_SESSION, useSession } from '@/lib/session';
import { BASIC_CONFIG, mockServer, ok } from '@/test/render-app';

/** Fixtures of the email and wallet binding tests (imported by tests only). */
export const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
/** A checksummed address of the Hardhat test keys. */
export const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

export const USER = {
  id: '42',
  address: ADDRESS,
  identity: 'regular',
  level: 1,
  email: null as string | null,
  withdrawAddress: null as string | null,
  inviteCodes: [],
  balances: { GOLD: '0', USDT: '0', BTC: '0' },
};

export function signIn(): void {
  useSession.setState({ ...DEFAULT_SESSION, token: 'jwt-1', address: ADDRESS });
}

/** A refusal as the server answers a business rule: HTTP 200 with its code. */
export const refusal = (code: number, msg: string) => ({ body: { code, data: null, msg } });

type Handlers = Parameters<typeof mockServer>[0];

/** The member `user`; codes are sent and bindings accepted unless `handlers` say otherwise. */
export function accountServer(user: typeof USER, handlers: Handlers = {}) {
  return mockServer({
    'GET /app-api/biz/biz-config/get/basic': () => ok(BASIC_CONFIG),
    'GET /app-api/biz/biz-user/get': () => ok(user),
    [`POST /app-api/${API.sendEmailCode}`]: () => ok(null),
    [`POST /app-api/${API.bindEmail}`]: () => ok(null),
    [`POST /app-api/${API.bindWallet}`]: () => ok(null),
    ...handlers,
  });
}
