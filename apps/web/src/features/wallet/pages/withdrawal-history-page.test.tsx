import { API } from '@minecloud/contract/api-paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { changeLocale } from '@/i18n/i18n';
import { resetNavigationThrottle } from '@/lib/navigation';
import { callsTo, failure, page } from '@/test/calls';
import { dialogUser } from '@/test/fixtures/money';
import { at, signIn, TX_HASH, WALLET, walletServer, withdrawal } from '@/test/fixtures/wallet';
import { layOutListsInThisFile } from '@/test/page-setup';
import { renderApp } from '@/test/render-app';

type Answer = { status?: number; body: unknown };

const PAID = `0x${'12'.repeat(31)}34`;
const RESENT = `0x${'56'.repeat(31)}78`;

const PAUSED_ZH = '平台暂未开通链上出款：已审核通过的提现会在出款恢复后支付，资金仍为冻结状态。';
const PAUSED_EN =
  'On-chain payouts are paused on this platform: approved withdrawals are paid once payouts resume; the funds stay frozen until then.';

const LIST = [
  withdrawal('15', {
    amount: '5961.509',
    fee: '1.5',
    received: '5960.009',
    status: 'processing',
    state: 'approved',
    timeline: [
      { stage: 'submitted', at: at(0), txHash: null },
      { stage: 'approved', at: at(1), txHash: null },
    ],
  }),
  withdrawal('14', {
    status: 'processing',
    state: 'paused',
    timeline: [
      { stage: 'submitted', at: at(0), txHash: null },
      { stage: 'approved', at: at(2), txHash: null },
    ],
  }),
  withdrawal('13', {
    amount: '250.123456',
    fee: '1.5',
    received: '248.623456',
    status: 'processing',
    state: 'paying',
    txHash: RESENT,
    confirmations: 3,
    timeline: [
      { stage: 'submitted', at: at(0), txHash: null },
      { stage: 'approved', at: at(5), txHash: null },
      { stage: 'secondApproved', at: at(6), txHash: null },
      { stage: 'sent', at: at(7), txHash: TX_HASH },
      { stage: 'reverted', at: at(9), txHash: TX_HASH },
      { stage: 'sent', at: at(10), txHash: RESENT },
    ],
  }),
  withdrawal('12', {
    status: 'failed',
    state: 'rejected',
    reason: '地址风险，请更换地址',
    timeline: [
      { stage: 'submitted', at: at(0), txHash: null },
      { stage: 'rejected', at: at(20), txHash: null },
    ],
  }),
  withdrawal('11', {
    amount: '50',
    fee: '1.5',
    received: '48.5',
    status: 'arrived',
    state: 'arrived',
    txHash: PAID,
    confirmations: 12,
    timeline: [
      { stage: 'submitted', at: at(0), txHash: null },
      { stage: 'approved', at: at(1), txHash: null },
      { stage: 'sent', at: at(2), txHash: PAID },
      { stage: 'confirmed', at: at(4), txHash: PAID },
    ],
  }),
];

function server(answer: (query: URLSearchParams) => Answer = () => page(LIST)) {
  return walletServer({ [`GET /app-api/${API.withdrawals}`]: ({ url }) => answer(url.searchParams) });
}

const inRow = (id: string, testId: string) => within(screen.getByTestId(`withdrawal-${id}`)).queryByTestId(testId);
const writeText = vi.fn<(text: string) => Promise<void>>();

layOutListsInThisFile();

beforeEach(() => {
  resetNavigationThrottle();
  signIn();
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

afterEach(async () => {
  await changeLocale('zh-CN');
});

describe('withdrawal history', () => {
  it('shows each withdrawal with its amount, fee, what arrived, the address shortened and its state', async () => {
    const fetchMock = server();
    renderApp(paths.withdrawRecord.href({ asset: 'USDT' }));
    await screen.findByTestId('withdrawal-13');
    expect(screen.getByTestId('nav-title')).toHaveTextContent('提现记录');
    expect(screen.getByTestId('withdrawals-tab-USDT')).toHaveAttribute('aria-selected', 'true');
    // One vocabulary with the timeline and the console: an approved withdrawal is never 审核中.
    expect(screen.getAllByTestId('withdrawal-status').map((status) => status.textContent)).toEqual([
      '审核通过，待出款',
      '审核通过，出款暂停',
      '出款中',
      '审核失败',
      '已到账',
    ]);
    expect(screen.getAllByTestId('withdrawal-status').map((status) => status.dataset.tone)).toEqual([
      'waiting',
      'failed',
      'waiting',
      'failed',
      'done',
    ]);
    // Paused: why nothing moves; only there.
    expect(inRow('14', 'withdrawal-paused')).toHaveTextContent(PAUSED_ZH);
    expect(screen.getAllByTestId('withdrawal-paused')).toHaveLength(1);
    // Amounts grouped by thousands, truncated.
    expect(inRow('15', 'withdrawal-amount')).toHaveTextContent('5,961.50 USDT');
    expect(inRow('15', 'withdrawal-received')).toHaveTextContent('5,960.00 USDT');

    expect(inRow('13', 'withdrawal-amount')).toHaveTextContent('250.12 USDT');
    expect(inRow('13', 'withdrawal-fee')).toHaveTextContent('1.50 USDT');
    expect(inRow('13', 'withdrawal-received')).toHaveTextContent('248.62 USDT');
    expect(inRow('13', 'withdrawal-address')).toHaveTextContent('0x7099...79C8');
    expect(inRow('13', 'withdrawal-address')).toHaveAttribute('title', WALLET);
    expect(inRow('13', 'withdrawal-time')).toHaveTextContent('2024-06-01 10:00:05');
    // Sent and confirming: how far it has come.
    expect(inRow('13', 'withdrawal-confirmations')).toHaveTextContent('区块确认 3 / 12');

    // Rejected: why, and that the funds are back.
    expect(inRow('12', 'withdrawal-reason')).toHaveTextContent('失败原因：地址风险，请更换地址');
    expect(inRow('12', 'withdrawal-refunded')).toHaveTextContent('资金已退回可用余额');
    expect(inRow('12', 'withdrawal-tx')).toBeNull();
    expect(inRow('12', 'withdrawal-confirmations')).toBeNull();

    // Arrived: its transaction, shortened, copied whole on a tap.
    expect(inRow('11', 'withdrawal-received')).toHaveTextContent('48.50 USDT');
    expect(inRow('11', 'withdrawal-confirmations')).toBeNull();
    expect(inRow('11', 'withdrawal-reason')).toBeNull();
    expect(inRow('11', 'withdrawal-tx')).toHaveTextContent('0x1212...1234');
    await userEvent.click(inRow('11', 'withdrawal-tx')!);
    expect(writeText).toHaveBeenCalledWith(PAID);
    expect(await screen.findByText('复制成功')).toBeInTheDocument();
    // Copying does not open the timeline.
    expect(screen.queryByTestId('withdrawal-timeline')).not.toBeInTheDocument();

    expect(callsTo(fetchMock, API.withdrawals).map((call) => call.url.search)).toEqual([
      '?asset=USDT&pageNo=1&pageSize=20',
    ]);
    expect(await screen.findByTestId('list-finished')).toHaveTextContent('已加载完毕');
  });

  it('opens the timeline of a withdrawal on a tap: each stage with its name and time', async () => {
    server();
    renderApp(paths.withdrawRecord.href({ asset: 'USDT' }));
    await userEvent.click(within(await screen.findByTestId('withdrawal-13')).getByTestId('withdrawal-open'));
    const sheet = await screen.findByTestId('withdrawal-sheet');
    expect(within(sheet).getByText('提现进度')).toBeInTheDocument();
    const stages = () => within(screen.getByTestId('withdrawal-timeline')).getAllByTestId('timeline-stage');
    expect(stages().map((stage) => stage.textContent)).toEqual([
      '提交申请',
      '审核通过',
      '复核通过',
      '已发送上链',
      '链上交易失败，将重新发送',
      '已发送上链',
      '出款中',
    ]);
    expect(
      within(sheet)
        .getAllByTestId('timeline-time')
        .map((time) => time.textContent),
    ).toEqual([0, 5, 6, 7, 9, 10].map((minute) => `2024-06-01 10:${String(minute).padStart(2, '0')}:05`));
    expect(
      within(sheet)
        .getAllByTestId('timeline-tx')
        .map((tx) => tx.textContent?.trim()),
    ).toEqual(['0xabab...abab', '0xabab...abab', '0x5656...5678']);
    expect(within(sheet).getByTestId('timeline-confirmations')).toHaveTextContent('区块确认 3 / 12');
    // The failed payout is marked as an error; what it waits for, as still to come.
    const steps = sheet.querySelectorAll('.adm-step');
    expect(steps[4]).toHaveClass('adm-step-status-error');
    expect(steps[5]).toHaveClass('adm-step-status-finish');
    expect(steps[6]).toHaveClass('adm-step-status-wait');

    await dialogUser.click(screen.getByTestId('withdrawal-sheet-close'));
    await dialogUser.click(within(screen.getByTestId('withdrawal-12')).getByTestId('withdrawal-open'));
    await waitFor(() => expect(stages().map((stage) => stage.textContent)).toEqual(['提交申请', '审核失败']));
    expect(screen.getByTestId('withdrawal-timeline').querySelectorAll('.adm-step')[1]).toHaveClass(
      'adm-step-status-error',
    );
  });

  it('names where a withdrawal stands now in the timeline as the list does: approved, paused, arrived', async () => {
    server();
    renderApp(paths.withdrawRecord.href({ asset: 'USDT' }));
    const stages = () => within(screen.getByTestId('withdrawal-timeline')).getAllByTestId('timeline-stage');
    const current = () => within(screen.getByTestId('withdrawal-timeline')).queryByTestId('timeline-paused');
    const open = async (id: string) => {
      await dialogUser.click(within(await screen.findByTestId(`withdrawal-${id}`)).getByTestId('withdrawal-open'));
      return screen.findByTestId('withdrawal-sheet');
    };

    await open('15');
    expect(stages().map((stage) => stage.textContent)).toEqual(['提交申请', '审核通过', '审核通过，待出款']);
    expect(stages().at(-1)).toHaveAttribute('data-current', 'true');
    expect(inRow('15', 'withdrawal-status')).toHaveTextContent('审核通过，待出款');
    expect(current()).toBeNull();
    await dialogUser.click(screen.getByTestId('withdrawal-sheet-close'));

    const sheet = await open('14');
    await waitFor(() =>
      expect(stages().map((stage) => stage.textContent)).toEqual(['提交申请', '审核通过', '审核通过，出款暂停']),
    );
    expect(within(sheet).getByTestId('timeline-paused')).toHaveTextContent(PAUSED_ZH);
    expect(screen.getByTestId('withdrawal-timeline').querySelectorAll('.adm-step')[2]).toHaveClass(
      'adm-step-status-error',
    );
    await dialogUser.click(screen.getByTestId('withdrawal-sheet-close'));

    await open('11');
    await waitFor(() =>
      expect(stages().map((stage) => stage.textContent)).toEqual(['提交申请', '审核通过', '已发送上链', '已到账']),
    );
    expect(inRow('11', 'withdrawal-status')).toHaveTextContent('已到账');
    expect(stages().filter((stage) => stage.dataset.current)).toEqual([]);
    expect(current()).toBeNull();
  });

  it('switches to BTC, with 8 decimals', async () => {
    const fetchMock = server((query) =>
      query.get('asset') === 'BTC'
        ? page([withdrawal('21', { asset: 'BTC', amount: '0.01', fee: '0.0005', received: '0.0095' })])
        : page(LIST),
    );
    const { router } = renderApp(paths.withdrawRecord.path);
    await screen.findByTestId('withdrawal-13');
    await userEvent.click(screen.getByTestId('withdrawals-tab-BTC'));
    await waitFor(() => expect(router.state.location.search).toBe('?asset=BTC'));
    expect(within(await screen.findByTestId('withdrawal-21')).getByTestId('withdrawal-received')).toHaveTextContent(
      '0.00950000 BTC',
    );
    expect(inRow('21', 'withdrawal-fee')).toHaveTextContent('0.00050000 BTC');
    expect(callsTo(fetchMock, API.withdrawals).map((call) => call.url.searchParams.get('asset'))).toEqual([
      'USDT',
      'BTC',
    ]);
  });

  it('names the states in English', async () => {
    await changeLocale('en');
    server();
    renderApp(paths.withdrawRecord.path);
    await screen.findByTestId('withdrawal-13');
    expect(screen.getByTestId('nav-title')).toHaveTextContent('Withdrawal History');
    expect(screen.getAllByTestId('withdrawal-status').map((status) => status.textContent)).toEqual([
      'Approved, awaiting payout',
      'Approved, payouts paused',
      'Paying out',
      'Audit failed',
      'Arrived',
    ]);
    expect(inRow('14', 'withdrawal-paused')).toHaveTextContent(PAUSED_EN);
    expect(inRow('15', 'withdrawal-amount')).toHaveTextContent('5,961.50 USDT');
    expect(inRow('12', 'withdrawal-refunded')).toHaveTextContent('The funds are back in your available balance');
  });

  it('offers the way to withdraw when there is none, and a retry when the list fails', async () => {
    let fail = true;
    server((query) => (query.get('asset') === 'BTC' ? page([]) : fail ? failure : page(LIST)));
    const { router } = renderApp(paths.withdrawRecord.href({ asset: 'USDT' }));
    expect(await screen.findByTestId('withdrawals-error')).toHaveTextContent('提现记录加载失败');
    fail = false;
    await userEvent.click(screen.getByTestId('error-retry'));
    expect(await screen.findByTestId('withdrawal-13')).toBeInTheDocument();

    await userEvent.click(screen.getByTestId('withdrawals-tab-BTC'));
    expect(await screen.findByTestId('withdrawals-empty')).toHaveTextContent('暂无提现记录');
    resetNavigationThrottle();
    await userEvent.click(screen.getByTestId('withdrawals-go-withdraw'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.withdraw.path));
    expect(router.state.location.search).toBe('?asset=BTC');
  });
});
