import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_SESSION,
  NAVBAR_HEIGHT,
  SESSION_STORAGE_KEY,
  selectIsLoggedIn,
  type UserInfo,
  useSession,
} from './session';

const USER: UserInfo = {
  id: '1',
  address: '0x1111111111111111111111111111111111111111',
  identity: 'guest',
  level: 0,
  email: null,
  withdrawAddress: null,
  inviteCodes: [{ department: 1, code: 'AAA111' }],
  balances: { GOLD: '0', USDT: '0', BTC: '0' },
};

function stored() {
  return JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}').state;
}

beforeEach(() => useSession.setState({ ...DEFAULT_SESSION }));

describe('session store', () => {
  it('starts signed out in Simplified Chinese', () => {
    const state = useSession.getState();
    expect([state.token, state.language, state.localType, state.address, state.userInfo]).toEqual([
      '',
      'zh_CN',
      'zh-CN',
      '',
      null,
    ]);
    expect(selectIsLoggedIn(state)).toBe(false);
    expect(state.device.navbarHeight).toBe(NAVBAR_HEIGHT);
  });

  it('is logged in exactly when the token is non-empty, and persists to localStorage', () => {
    useSession.getState().signIn('jwt-1', '0xabc');
    expect(selectIsLoggedIn(useSession.getState())).toBe(true);
    expect(stored()).toMatchObject({ token: 'jwt-1', address: '0xabc', language: 'zh_CN', localType: 'zh-CN' });
  });

  it('keeps both language forms in step', () => {
    useSession.getState().setLocale('zh-TW');
    expect(useSession.getState().language).toBe('zh_TW');
    expect(useSession.getState().localType).toBe('zh-TW');
    expect(stored()).toMatchObject({ language: 'zh_TW', localType: 'zh-TW' });
  });

  it('merges user info', () => {
    useSession.getState().mergeUserInfo(USER);
    useSession.getState().mergeUserInfo({ identity: 'gold', level: 3 });
    expect(useSession.getState().userInfo).toEqual({ ...USER, identity: 'gold', level: 3 });
  });

  it('clearConfig forgets token and address but not the language or the user info', () => {
    useSession.setState({ token: 't', address: '0xabc', language: 'ko_KR', localType: 'ko-KR', userInfo: USER });
    useSession.getState().clearConfig();
    const state = useSession.getState();
    expect([state.token, state.address, state.language, state.userInfo]).toEqual(['', '', 'ko_KR', USER]);
  });

  it('signOut forgets the user too and does not persist device info', () => {
    useSession.setState({ token: 't', address: '0xabc', userInfo: USER });
    useSession.getState().setDevice({ navbarHeight: 44, safeAreaTop: 20, windowHeight: 844 });
    useSession.getState().signOut();
    expect(stored()).toEqual({ token: '', language: 'zh_CN', localType: 'zh-CN', address: '', userInfo: null });
    expect(useSession.getState().device.windowHeight).toBe(844);
  });
});
