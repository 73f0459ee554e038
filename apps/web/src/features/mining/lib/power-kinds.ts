import type { PowerKind } from '@minecloud/contract/miner';
import type { MessageKey } from '@/i18n/i18n';

const KIND_NAMES: Record<PowerKind, MessageKey> = {
  purchase: 'powerKindPurchase',
  burn: 'powerKindBurn',
  level_bonus: 'powerKindLevelBonus',
  expiry: 'powerKindExpiry',
};

/** What a hash-rate record is called; a kind this app does not know yet reads as "other". */
export function powerKindName(kind: string): MessageKey {
  return Object.hasOwn(KIND_NAMES, kind) ? KIND_NAMES[kind as PowerKind] : 'recordKindOther';
}
