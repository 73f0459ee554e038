import { groupedAmount } from '@minecloud/contract/amount';
import { LOCALES, type Locale, localeFromLanguage } from '@minecloud/contract/locales';
import type { NotificationParams } from '@minecloud/contract/notifications';
import type { PushMessage } from '@minecloud/contract/push';
import { WITHDRAWAL_STATE_TEXTS, type WithdrawalState, withPausedNote } from '@minecloud/contract/withdrawal-states';
// The notification centre's own texts (apps/web/src/features/notifications/lib/notification-view.ts
// renders them in the app): a push says what the member reads there, word for word.
import en from '../../../../web/src/i18n/locales/en.json' with { type: 'json' };
import ko from '../../../../web/src/i18n/locales/ko-KR.json' with { type: 'json' };
import ms from '../../../../web/src/i18n/locales/ms-MY.json' with { type: 'json' };
import zhCN from '../../../../web/src/i18n/locales/zh-CN.json' with { type: 'json' };
import zhTW from '../../../../web/src/i18n/locales/zh-TW.json' with { type: 'json' };

type Messages = Record<string, string>;
const MESSAGES: Record<Locale, Messages> = {
  'zh-CN': zhCN as Messages,
  en: en as Messages,
  'zh-TW': zhTW as Messages,
  'ko-KR': ko as Messages,
  'ms-MY': ms as Messages,
};

/**
 * The app's pages a push opens (hash routes, as apps/web/src/config/paths.ts
 * names them): the withdrawal history of the asset, the feedback history.
 */
const PAGES = {
  withdrawRecord: '/pages/my_child/withdrawrecord/withdrawrecord',
  feedOrder: '/pages/my_child/feedorder/feedorder',
};

/** i18next's `{{name}}` placeholders (the app renders without escaping, as here). */
function translate(locale: Locale, key: string, values: Record<string, string> = {}): string {
  const text = MESSAGES[locale][key] ?? MESSAGES.en[key] ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');
}

/** A decimal grouped for reading with all its decimals (the app's groupDecimal). */
function amountText(text: string, locale: Locale): string {
  const match = /^-?\d+(?:\.(\d+))?$/.exec(text);
  return match ? groupedAmount(text, match[1]?.length ?? 0, locale) : text;
}

/** A hash shortened for reading as the notification centre shows it: its start and end. */
const shortHash = (hash: string) => (hash.length > 16 ? `${hash.slice(0, 10)}…${hash.slice(-6)}` : hash);

/** The language of a stored subscription, the default one if it is not one of ours. */
export const pushLocale = (stored: string): Locale =>
  (LOCALES as readonly string[]).includes(stored) ? (stored as Locale) : localeFromLanguage(stored);

/**
 * What a pushed notification says, in `locale`, and the page it opens; null for a kind that is not
 * pushed. `id` is the notification's: a push of it again replaces the one on the screen. An approval
 * says where the withdrawal stands when it is sent (`state`, as the notification centre shows it):
 * a paused payout is never told as being paid.
 */
export function pushMessage(
  id: string,
  n: NotificationParams,
  locale: Locale,
  state: WithdrawalState | null = null,
): PushMessage | null {
  const tag = `notification-${id}`;
  switch (n.kind) {
    case 'withdrawal_approved':
    case 'withdrawal_paid':
    case 'withdrawal_rejected': {
      const values = { amount: amountText(n.params.amount, locale), asset: n.params.asset };
      const url = `/#${PAGES.withdrawRecord}?asset=${encodeURIComponent(n.params.asset)}`;
      if (n.kind === 'withdrawal_approved') {
        return {
          title: translate(locale, 'notifyWithdrawalApprovedTitle'),
          body: withPausedNote(
            translate(locale, 'notifyWithdrawalApprovedBody', {
              ...values,
              state: WITHDRAWAL_STATE_TEXTS[state ?? 'approved'][locale],
            }),
            state ?? 'approved',
            locale,
          ),
          url,
          tag,
        };
      }
      if (n.kind === 'withdrawal_paid') {
        return {
          title: translate(locale, 'notifyWithdrawalPaidTitle'),
          body: translate(locale, 'notifyWithdrawalPaidBody', { ...values, hash: shortHash(n.params.txHash) }),
          url,
          tag,
        };
      }
      return {
        title: translate(locale, 'notifyWithdrawalRejectedTitle'),
        body: translate(locale, 'notifyWithdrawalRejectedBody', { ...values, reason: n.params.reason }),
        url,
        tag,
      };
    }
    case 'feedback_replied':
      return {
        title: translate(locale, 'notifyFeedbackRepliedTitle'),
        body: translate(locale, 'notifyFeedbackRepliedBody'),
        url: `/#${PAGES.feedOrder}`,
        tag,
      };
    default:
      return null;
  }
}
