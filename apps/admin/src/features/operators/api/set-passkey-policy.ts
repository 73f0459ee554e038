import type { CallAnswer, CallBody } from '@minecloud/contract/calls';
import { ADMIN_API, type CONSOLE_CALLS } from '@minecloud/contract/console';
import { api } from '@/lib/api';

type PolicySet = typeof CONSOLE_CALLS.passkeyPolicySet;

export function setPasskeyPolicy(roles: CallBody<PolicySet>['roles']): Promise<CallAnswer<PolicySet>> {
  return api.put<CallAnswer<PolicySet>>(ADMIN_API.passkeyPolicy, { roles } satisfies CallBody<PolicySet>);
}
