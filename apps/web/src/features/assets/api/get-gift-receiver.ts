import { API } from '@minecloud/contract/api-paths';
import type { ASSET_CALLS } from '@minecloud/contract/asset';
import type { CallAnswer } from '@minecloud/contract/calls';
import { api } from '@/lib/request';

export type GiftReceiver = CallAnswer<typeof ASSET_CALLS.giftReceiver>;

/**
 * The member a gift would go to, with the address shortened, for the confirm prompt. An unknown
 * ID answers 404 code 1012; the caller shows that message next to the field instead of a toast.
 */
export function getGiftReceiver(userId: string): Promise<GiftReceiver> {
  return api<GiftReceiver>({ url: API.giftReceiver, query: { userId }, showErrorToast: false });
}
