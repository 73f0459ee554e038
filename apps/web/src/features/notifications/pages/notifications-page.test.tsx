import { API } from '@minecloud/contract/api-paths';
import { LOCALES, type Locale } from '@minecloud/contract/locales';
import type { Notification } from '@minecloud/contract/notifications';
import { PAYOUTS_PAUSED_TEXT } from '@minecloud/contract/withdrawal-states';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { changeLocale } from '@/i18n/i18n';
import { formatLocalTime } from '@/lib/format-time';
import { callsTo, failure, page } from '@/test/calls';
import { chineseAfterEachTest, layOutListsInThisFile, signInBeforeEachTest } from '@/test/page-setup';
import { BASIC_CONFIG, mockServer, ok, renderApp } from '@/test/render-app';

layOutListsInThisFile();
signInBeforeEachTest();
chineseAfterEachTest();

const AT = '2026-11-23T02:30:00.000Z';
const base = { createdAt: AT, read: false, withdrawalState: null };
const HASH = `0x${'ab'.repeat(32)}`;
const ALL: Notification[] = [
  {
    id: '9',
    kind: 'withdrawal_paid',
    params: { withdrawalId: '4', asset: 'USDT', amount: '1234.5', txHash: HASH },
    ...base,
    withdrawalState: 'arrived',
  },
  {
    id: '8',
    kind: 'withdrawal_rejected',
    params: { withdrawalId: '5', asset: 'BTC', amount: '0.00012345', reason: '地址异常' },
    ...base,
    withdrawalState: 'rejected',
  },
  {
    id: '7',
    kind: 'withdrawal_approved',
    params: { withdrawalId: '4', asset: 'USDT', amount: '1234.5' },
    ...base,
    withdrawalState: 'arrived',
  },
  { id: '6', kind: 'referral_reward', params: { day: '2026-11-22', asset: 'USDT', amount: '0.3' }, ...base },
  { id: '5', kind: 'pool_payout', params: { day: '2026-11-22', asset: 'GOLD', amount: '150.25', rank: '2' }, ...base },
  { id: '4', kind: 'mining_output', params: { day: '2026-11-22', asset: 'BTC', amount: '0.00015201' }, ...base },
  { id: '3', kind: 'equity_yield', params: { day: '2026-11-22', usdt: '0.024657', btc: '0' }, ...base },
  { id: '2', kind: 'feedback_replied', params: { feedbackId: '12' }, ...base, read: true },
];

function server(list: Notification[] = ALL, unread = { total: 8, notifications: 7, notices: 1 }) {
  let count = unread;
  return mockServer({
    'GET /app-api/biz/biz-config/get/basic': () => ok(BASIC_CONFIG),
    [`GET /app-api/${API.notifications}`]: () => page(list),
    [`GET /app-api/${API.notificationUnread}`]: () => ok(count),
    [`POST /app-api/${API.notificationRead}`]: () => {
      count = { ...count, total: count.total - 1, notifications: count.notifications - 1 };
      return ok(count);
    },
    [`POST /app-api/${API.notificationReadAll}`]: () => {
      count = { total: 0, notifications: 0, notices: 0 };
      return ok(count);
    },
    [`GET /app-api/${API.noticePage}`]: () => page([]),
    [`POST /app-api/${API.noticeShow}`]: () => ok(null),
    [`POST /app-api/${API.noticesSeen}`]: () => {
      count = { ...count, total: count.notifications, notices: 0 };
      return ok(count);
    },
  });
}

const textOf = async (id: string) => (await screen.findByTestId(`notification-${id}`)).textContent;

describe('notification centre', () => {
  it('renders every kind from its params in Chinese, amounts exact, with its time', async () => {
    server();
    renderApp(paths.notifications.path);
    expect(await textOf('9')).toContain('提现已到账');
    expect(await textOf('9')).toContain('1,234.5 USDT 已转入您的地址');
    expect(await textOf('9')).toContain('0xabababab…ababab');
    expect(await textOf('9')).toContain(formatLocalTime(AT));
    expect(await textOf('8')).toContain('您提现的 0.00012345 BTC 被拒绝：地址异常');
    expect(await textOf('7')).toContain('提现已审核通过');
    expect(await textOf('7')).toContain('您提现的 1,234.5 USDT：已到账。');
    expect(await textOf('6')).toContain('2026-11-22 推荐奖励 0.3 USDT');
    expect(await textOf('5')).toContain('奖池第 2 名：150.25 金币');
    expect(await textOf('4')).toContain('挖矿产出 0.00015201 BTC');
    expect(await textOf('3')).toContain('分红：0.024657 USDT');
    expect(await textOf('3')).not.toContain('BTC');
    expect(await textOf('2')).toContain('反馈已回复');
    expect(screen.getByTestId('notification-2')).toHaveAttribute('data-read', 'true');
    expect(await screen.findByTestId('notifications-unread')).toHaveTextContent('8 条未读');
    expect(screen.getByTestId('notifications-new-notices')).toHaveTextContent('1 条新公告');
  });

  it('renders in English after the language switch', async () => {
    server();
    await changeLocale('en');
    renderApp(paths.notifications.path);
    expect(await textOf('9')).toContain('Withdrawal paid');
    expect(await textOf('9')).toContain('1,234.5 USDT was sent to your address');
    expect(await textOf('8')).toContain('Your withdrawal of 0.00012345 BTC was rejected: 地址异常.');
    expect(await textOf('5')).toContain('Place 2 in the prize pool of 2026-11-22: 150.25 Gold coins.');
    expect(await textOf('2')).toContain('The platform replied to your feedback.');
  });

  it('says an approval is paused, as the withdrawal list does, in every language', async () => {
    const approved = (state: Notification['withdrawalState']): Notification => ({
      id: '1',
      kind: 'withdrawal_approved',
      params: { withdrawalId: '3', asset: 'USDT', amount: '20' },
      ...base,
      withdrawalState: state,
    });
    const paused: Record<Locale, string> = {
      'zh-CN': '您提现的 20 USDT：审核通过，出款暂停。',
      en: 'Your withdrawal of 20 USDT: Approved, payouts paused.',
      'zh-TW': '您提現的 20 USDT：審核通過，出款暫停。',
      'ko-KR': '20 USDT 출금: 심사 승인, 송금 일시 중지.',
      'ms-MY': 'Pengeluaran 20 USDT anda: Diluluskan, pembayaran digantung.',
    };
    for (const locale of LOCALES) {
      server([approved('paused')]);
      await changeLocale(locale);
      const view = renderApp(paths.notifications.path);
      const text = await textOf('1');
      expect(text).toContain(paused[locale]);
      expect(text).toContain(PAYOUTS_PAUSED_TEXT[locale]);
      expect(text).toContain(
        `${paused[locale]}${locale.startsWith('zh') ? '' : ' '}${PAYOUTS_PAUSED_TEXT[locale].slice(0, 8)}`,
      );
      view.unmount();
    }
    await changeLocale('zh-CN');
    server([approved('paying')]);
    renderApp(paths.notifications.path);
    expect(await textOf('1')).toContain('您提现的 20 USDT：出款中。');
    expect(await textOf('1')).not.toContain('暂停');
  });

  it('a tap marks the notification read and opens its page', async () => {
    const fetchMock = server();
    const { router } = renderApp(paths.notifications.path);
    await userEvent.click(await screen.findByTestId('notification-8'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.withdrawRecord.path));
    expect(router.state.location.search).toBe('?asset=BTC');
    await waitFor(() => expect(callsTo(fetchMock, API.notificationRead).map((c) => c.body)).toEqual([{ id: '8' }]));
  });

  it('a read one opens without another mark; feedback opens the feedback history', async () => {
    const fetchMock = server();
    const { router } = renderApp(paths.notifications.path);
    await userEvent.click(await screen.findByTestId('notification-2'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.feedOrder.path));
    expect(callsTo(fetchMock, API.notificationRead)).toEqual([]);
  });

  it('marks everything read at once', async () => {
    const fetchMock = server();
    renderApp(paths.notifications.path);
    await screen.findByTestId('notification-9');
    await waitFor(() => expect(screen.getByTestId('notifications-mark-all')).not.toBeDisabled());
    await userEvent.click(screen.getByTestId('notifications-mark-all'));
    await waitFor(() => expect(screen.getByTestId('notification-9')).toHaveAttribute('data-read', 'true'));
    expect(callsTo(fetchMock, API.notificationReadAll)).toHaveLength(1);
    expect(screen.getByTestId('notifications-unread')).toHaveTextContent('0 条未读');
    expect(screen.queryByTestId('notifications-new-notices')).toBeNull();
  });

  it('says when there is nothing, and offers a retry when the list fails', async () => {
    let fail = true;
    mockServer({
      'GET /app-api/biz/biz-config/get/basic': () => ok(BASIC_CONFIG),
      [`GET /app-api/${API.notifications}`]: () => (fail ? failure : page([])),
      [`GET /app-api/${API.notificationUnread}`]: () => ok({ total: 0, notifications: 0, notices: 0 }),
    });
    renderApp(paths.notifications.path);
    expect(await screen.findByTestId('notification-list-error')).toHaveTextContent('消息加载失败');
    fail = false;
    await userEvent.click(screen.getByTestId('error-retry'));
    expect(await screen.findByTestId('notification-list-empty')).toHaveTextContent('暂无消息');
  });
});

describe('unread badges', () => {
  it('home shows the bell with the unread count, which opens the centre', async () => {
    server(ALL, { total: 3, notifications: 2, notices: 1 });
    const { router } = renderApp(paths.home.path);
    expect(await screen.findByTestId('home-unread')).toHaveTextContent('3');
    await userEvent.click(screen.getByTestId('home-bell'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.notifications.path));
  });

  it('home shows no badge at 0', async () => {
    const fetchMock = server(ALL, { total: 0, notifications: 0, notices: 0 });
    renderApp(paths.home.path);
    await waitFor(() => expect(callsTo(fetchMock, API.notificationUnread)).toHaveLength(1));
    expect(screen.getByTestId('home-bell')).toBeInTheDocument();
    expect(screen.queryByTestId('home-unread')).toBeNull();
  });

  it('the notice list marks the notices seen and shows the notifications still unread', async () => {
    const fetchMock = server(ALL, { total: 3, notifications: 2, notices: 1 });
    renderApp(paths.noticeList.path);
    const entry = await screen.findByTestId('notice-list-notifications');
    await waitFor(() => expect(callsTo(fetchMock, API.noticesSeen)).toHaveLength(1));
    expect(await within(entry).findByTestId('notice-list-unread')).toHaveTextContent('2');
  });
});
