import type { Identity } from '@minecloud/contract/team';
import type { MessageKey } from '@/i18n/i18n';

/** The spec's identity names: 游客, 普通节点, 白银节点, 黄金节点. */
export const IDENTITY_NAMES: Record<Identity, MessageKey> = {
  guest: 'identityGuest',
  regular: 'identityRegular',
  silver: 'identitySilver',
  gold: 'identityGold',
};
