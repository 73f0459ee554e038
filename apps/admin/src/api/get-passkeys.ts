import type { CallAnswer } from '@minecloud/contract/calls';
import { ADMIN_API, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

type List = typeof CONSOLE_CALLS.passkeyList;

/** The operator's passkeys: what listing, enrolling and removing one answer. */
export type Passkeys = CallAnswer<List>;
export type Passkey = Passkeys['list'][number];

export const passkeysKey = ['auth', 'passkeys'] as const;

export function listPasskeys(): Promise<Passkeys> {
  return api.get<CallAnswer<List>>(ADMIN_API.passkeys);
}

export function usePasskeys() {
  return useQuery({ queryKey: passkeysKey, queryFn: listPasskeys });
}
