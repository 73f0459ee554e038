import type { OperatorMe, OperatorRole } from '@minecloud/contract/console';
import { createContext, useContext } from 'react';

/** The owner may do everything; every other role only what `roles` lists. */
export function allowed(role: OperatorRole, roles: readonly OperatorRole[]): boolean {
  return role === 'owner' || roles.includes(role);
}

/**
 * Who may use what (the owner always may). The server enforces it; the console hides what a role
 * may not use. An empty list: the owner only.
 */
export const ACCESS = {
  dashboard: ['finance', 'content', 'support'],
  members: ['finance', 'support'],
  adjustBalance: ['finance'],
  adjustments: ['finance'],
  ledgerCheck: ['finance'],
  withdrawals: ['finance'],
  equity: ['finance'],
  jobs: ['finance'],
  reserves: ['finance'],
  config: ['finance'],
  configEdit: [],
  audit: ['finance'],
  notices: ['content'],
  banners: ['content'],
  products: ['content'],
  feedback: ['support'],
  outbox: ['support'],
  // Finance sees the list to vouch for approvers (docs/operations.md, "Approvers and vouching").
  operators: ['finance'],
  operatorsManage: [],
} as const satisfies Record<string, readonly OperatorRole[]>;
export type Access = keyof typeof ACCESS;

export function can(role: OperatorRole, access: Access): boolean {
  return allowed(role, ACCESS[access]);
}

export type SessionStatus = 'loading' | 'failed' | 'signedOut' | 'signedIn';

export type Session = {
  status: SessionStatus;
  me: OperatorMe | null;
  /** Why the operator is back at sign-in (the session ended), shown there once. */
  notice: string | null;
  /** Keeps the token and loads the operator it belongs to. */
  signIn(token: string): Promise<OperatorMe>;
  /** Ends the session on the server (best effort) and here. */
  signOut(): Promise<void>;
  /** Loads the operator again (after a setup step). */
  refresh(): Promise<OperatorMe | null>;
};

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/** The signed-in operator; only inside signed-in screens. */
export function useMe(): OperatorMe {
  const { me } = useSession();
  if (!me) throw new Error('useMe outside a signed-in screen');
  return me;
}
