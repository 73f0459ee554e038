import type { UserAnswer } from '@minecloud/contract/auth';
import { DEFAULT_LOCALE, type Locale, languageFromLocale } from '@minecloud/contract/locales';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type UserInfo = UserAnswer;

export type DeviceInfo = { navbarHeight: number; safeAreaTop: number; windowHeight: number };

export const NAVBAR_HEIGHT = 44;
export const SESSION_STORAGE_KEY = 'minecloud-session';

type SessionConfig = {
  /** Empty when signed out. */
  token: string;
  /** Underscore form, e.g. zh_CN. */
  language: string;
  /** Hyphen form, e.g. zh-CN: sent as Accept-Language and Content-Language. */
  localType: Locale;
  address: string;
  userInfo: UserInfo | null;
};

type SessionState = SessionConfig & {
  device: DeviceInfo;
  signIn: (token: string, address: string) => void;
  setLocale: (locale: Locale) => void;
  mergeUserInfo: (info: Partial<UserInfo>) => void;
  /** Forgets the token and address; the chosen language stays. */
  clearConfig: () => void;
  clearUserInfo: () => void;
  signOut: () => void;
  setDevice: (device: DeviceInfo) => void;
};

export const DEFAULT_SESSION: SessionConfig = {
  token: '',
  language: languageFromLocale(DEFAULT_LOCALE),
  localType: DEFAULT_LOCALE,
  address: '',
  userInfo: null,
};

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      ...DEFAULT_SESSION,
      device: { navbarHeight: NAVBAR_HEIGHT, safeAreaTop: 0, windowHeight: 0 },
      signIn: (token, address) => set({ token, address }),
      setLocale: (locale) => set({ language: languageFromLocale(locale), localType: locale }),
      mergeUserInfo: (info) => set((state) => ({ userInfo: { ...state.userInfo, ...info } as UserInfo })),
      clearConfig: () => set({ token: '', address: '' }),
      clearUserInfo: () => set({ userInfo: null }),
      signOut: () => set({ token: '', address: '', userInfo: null }),
      setDevice: (device) => set({ device }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ token, language, localType, address, userInfo }): SessionConfig => ({
        token,
        language,
        localType,
        address,
        userInfo,
      }),
    },
  ),
);

/**
 * The language the API answers in (sent as Accept-Language): queries of content per language
 * (banners, notices) carry it in their key, so another language is another cache entry.
 */
export function requestLocale(): Locale {
  return useSession.getState().localType;
}

/** `requestLocale` in a component, which renders again when the language is switched. */
export function useRequestLocale(): Locale {
  return useSession((state) => state.localType);
}

export const selectIsLoggedIn = (state: SessionConfig): boolean => state.token !== '';

export function useIsLoggedIn(): boolean {
  return useSession(selectIsLoggedIn);
}

/** Reads the device metrics the spec records 100 ms after start (window height, top safe area). */
export function measureDevice(): DeviceInfo {
  const probe = document.createElement('div');
  probe.style.cssText = 'position:fixed;top:0;visibility:hidden;padding-top:env(safe-area-inset-top)';
  document.body.appendChild(probe);
  const safeAreaTop = Number.parseFloat(getComputedStyle(probe).paddingTop) || 0;
  probe.remove();
  return { navbarHeight: NAVBAR_HEIGHT, safeAreaTop, windowHeight: window.innerHeight };
}
