import { API } from '@minecloud/contract/api-paths';
import type { receiverAnswerSchema } from '@minecloud/contract/asset';
import type { z } from 'zod';
import { api } from '@/lib/request';

export type GiftReceiver = z.infer<typeof receiverAnswerSchema>;

/**
 * The member a gift would go to, with the address shortened, for the confirm prompt. An unknown
 * ID answers 404 code 1012; the caller shows that message next to the field instead of a toast.
 */
export function getGiftReceiver(userId: string): Promise<GiftReceiver> {
  return api<GiftReceiver>({ url: API.giftReceiver, query: { userId }, showErrorToast: false });
}
