import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { changeLocale } from '@/i18n/i18n';
import { DEFAULT_SESSION, useSession } from '@/lib/session';
import { callsTo, failure, page } from '@/test/calls';
import { confirmEveryPrompt, doubleTap, pause } from '@/test/double-tap';
import { balancesAnswer, DEMO_BALANCES, dialogUser, headersOf, IDEMPOTENCY_KEY } from '@/test/fixtures/money';
import { chineseAfterEachTest, layOutListsInThisFile, signInBeforeEachTest } from '@/test/page-setup';
import { ok, renderApp } from '@/test/render-app';
import { HOUR, poolCurrent, poolRound, poolServer } from '../testing/pool-fixtures';

const POOL = paths.prizePool.path;
const CURRENT = 'prizePool/current';
const HISTORY = 'prizePool/history';
const FORGE = 'prizePool/forge';

layOutListsInThisFile();
signInBeforeEachTest();
chineseAfterEachTest();

async function openForge() {
  await userEvent.click(await screen.findByTestId('pool-forge'));
  return screen.findByTestId('forge-form');
}

async function retype(text: string) {
  const input = screen.getByTestId('forge-amount');
  await dialogUser.clear(input);
  if (text) await dialogUser.type(input, text);
}

const forgeError = () => screen.queryByTestId('forge-amount-error')?.textContent ?? null;

describe('prize pool: this round', () => {
  it('shows the pool in gold coins and where it came from, the participants, and what the reader forged', async () => {
    const fetchMock = poolServer();
    renderApp(POOL);
    const hero = await screen.findByTestId('pool-current');
    expect(screen.getByTestId('nav-title')).toHaveTextContent('奖池');
    expect(within(hero).getByTestId('pool-amount')).toHaveTextContent(/^12,500\.75$/);
    expect(within(hero).getByTestId('pool-sources')).toHaveTextContent('上轮滚入 2,500.75 · 本轮注入 10,000.00');
    expect(within(hero).getByTestId('pool-day')).toHaveTextContent('2024-05-06');
    expect(within(hero).getByTestId('pool-participants')).toHaveTextContent('6');
    expect(within(hero).getByTestId('pool-my-forged')).toHaveTextContent(/^50\.50$/);
    expect(within(hero).getByTestId('pool-my-rank')).toHaveTextContent('#2');
    expect(callsTo(fetchMock, CURRENT)[0]?.init.method).toBe('GET');
  });

  it('explains the winners and their weights, and ranks the participants by new performance', async () => {
    poolServer();
    renderApp(POOL);
    const rules = await screen.findByTestId('pool-rules');
    expect([1, 2, 3, 4, 5].map((n) => within(rules).getByTestId(`pool-weight-${n}`).textContent)).toEqual([
      '第1名40%',
      '第2名25%',
      '第3名15%',
      '第4名10%',
      '第5名10%',
    ]);
    expect(within(rules).getByTestId('pool-rule-join')).toHaveTextContent('锻造至少 10.00 金币即可参与本轮');
    expect(within(rules).getByTestId('pool-rule-winners')).toHaveTextContent('前 5 名按上方比例瓜分奖池');

    const ranking = screen.getByTestId('pool-ranking');
    expect(within(ranking).getByRole('heading')).toHaveTextContent('团队新增业绩排名');
    // What new performance counts, and the reader's own, as their departments show it.
    expect(within(ranking).getByTestId('pool-ranking-rule')).toHaveTextContent(
      '您自己的购买计入邀请人的业绩，不计入自己',
    );
    expect(within(ranking).getByTestId('pool-my-new-performance')).toHaveTextContent(
      '我的团队本轮新增业绩：3,000.00 U',
    );
    const first = within(ranking).getByTestId('pool-rank-1');
    expect(first).toHaveAttribute('data-winner', 'true');
    expect(within(first).getByTestId('pool-rank-address')).toHaveTextContent('0xAAAA...1111');
    expect(within(first).getByTestId('pool-rank-performance')).toHaveTextContent(/^5,000\.99$/);
    expect(within(first).getByTestId('pool-rank-forged')).toHaveTextContent('锻造 100.00 金币');
    expect(within(first).getByTestId('pool-rank-weight')).toHaveTextContent('占比 40%');
    // The reader's own place is marked.
    expect(within(ranking).getByTestId('pool-rank-2')).toHaveClass('is-mine');
    expect(within(ranking).getByTestId('pool-rank-2')).toHaveTextContent('我');
    const last = within(ranking).getByTestId('pool-rank-6');
    expect(last).toHaveAttribute('data-winner', 'false');
    expect(within(last).getByTestId('pool-rank-weight')).toHaveTextContent('占比 0%');
  });

  it('counts down to the end of the round, every second', async () => {
    poolServer({
      [`GET /app-api/${CURRENT}`]: () => ok(poolCurrent({ endsAt: new Date(Date.now() + HOUR).toISOString() })),
    });
    renderApp(POOL);
    const countdown = await screen.findByTestId('pool-countdown');
    const first = countdown.textContent;
    expect(first).toMatch(/^(00:59:5\d|01:00:00)$/);
    await waitFor(() => expect(screen.getByTestId('pool-countdown').textContent).not.toBe(first), { timeout: 2500 });
    expect(screen.getByTestId('pool-countdown').textContent).toMatch(/^00:59:5\d$/);
  });

  it('says the round is being settled once it has ended, and asks for the next one', async () => {
    const fetchMock = poolServer({
      [`GET /app-api/${CURRENT}`]: () => ok(poolCurrent({ endsAt: new Date(Date.now() - 1000).toISOString() })),
    });
    renderApp(POOL);
    expect(await screen.findByTestId('pool-countdown')).toHaveTextContent('本轮已结束，结算中...');
    await waitFor(() => expect(callsTo(fetchMock, CURRENT).length).toBeGreaterThan(1));
  });

  it('says when nobody has joined the round yet', async () => {
    poolServer({
      [`GET /app-api/${CURRENT}`]: () =>
        ok(poolCurrent({ ranking: [], participants: 0, myForged: '0', myRank: null, funded: '0' })),
    });
    renderApp(POOL);
    expect(await screen.findByTestId('pool-ranking-empty')).toHaveTextContent('本轮还没有人参与');
    expect(screen.getByTestId('pool-my-rank')).toHaveTextContent('未参与');
  });

  it('shows a failed pool with a retry', async () => {
    let fail = true;
    poolServer({ [`GET /app-api/${CURRENT}`]: () => (fail ? failure : ok(poolCurrent())) });
    renderApp(POOL);
    expect(await screen.findByTestId('pool-error')).toHaveTextContent('奖池加载失败');
    fail = false;
    await userEvent.click(screen.getByTestId('error-retry'));
    expect(await screen.findByTestId('pool-amount')).toHaveTextContent(/^12,500\.75$/);
  });

  it('shows a signed-out visitor the pool, and sends them to sign in to forge', async () => {
    useSession.setState({ ...DEFAULT_SESSION });
    const fetchMock = poolServer({
      [`GET /app-api/${CURRENT}`]: () => ok(poolCurrent({ myForged: '0', myRank: null })),
    });
    const { router } = renderApp(POOL);
    expect(await screen.findByTestId('pool-my-forged')).toHaveTextContent(/^0\.00$/);
    expect(screen.getByTestId('pool-my-rank')).toHaveTextContent('未参与');
    expect(headersOf(callsTo(fetchMock, CURRENT)[0]!.init).Authorization).toBeUndefined();
    await userEvent.click(screen.getByTestId('pool-forge'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login.path));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(POOL);
    expect(callsTo(fetchMock, 'asset/selectAssetBalance')).toEqual([]);
  });
});

describe('prize pool: forging', () => {
  it('shows the minimum and the gold coins available', async () => {
    poolServer({
      'GET /app-api/asset/selectAssetBalance': () => balancesAnswer({ ...DEMO_BALANCES, GOLD: { available: '321.5' } }),
    });
    renderApp(POOL);
    const form = await openForge();
    expect(within(form).getByTestId('forge-minimum')).toHaveTextContent(/^10\.00$/);
    expect(await within(form).findByTestId('forge-available')).toHaveTextContent(/^321\.50$/);
    await dialogUser.click(within(form).getByTestId('forge-all'));
    expect(screen.getByTestId('forge-amount')).toHaveValue('321.50');
  });

  it('groups the amounts it shows, never what it fills in or the placeholder a member may copy', async () => {
    poolServer({
      [`GET /app-api/${CURRENT}`]: () => ok(poolCurrent({ minForge: '1000' })),
      'GET /app-api/asset/selectAssetBalance': () =>
        balancesAnswer({ ...DEMO_BALANCES, GOLD: { available: '12345.6' } }),
    });
    renderApp(POOL);
    const form = await openForge();
    expect(within(form).getByText('12,500.75')).toBeInTheDocument();
    expect(within(form).getByTestId('forge-minimum')).toHaveTextContent(/^1,000\.00$/);
    expect(await within(form).findByTestId('forge-available')).toHaveTextContent(/^12,345\.60$/);
    expect(screen.getByTestId('forge-amount')).toHaveAttribute('placeholder', '最少 1000.00 金币');
    await retype('999.99');
    await dialogUser.click(screen.getByTestId('forge-submit'));
    expect(forgeError()).toBe('锻造数量不能少于 1,000.00 金币');
    await dialogUser.click(within(form).getByTestId('forge-all'));
    expect(screen.getByTestId('forge-amount')).toHaveValue('12345.60');
    await dialogUser.click(screen.getByTestId('forge-submit'));
    const summary = await screen.findByTestId('purchase-summary');
    expect(within(summary).getByTestId('forge-confirm-amount')).toHaveTextContent('12,345.60 金币');
  });

  it('explains an empty, invalid, too small or too large amount before sending anything', async () => {
    const fetchMock = poolServer();
    renderApp(POOL);
    await openForge();
    await screen.findByText('5,000.00');
    const cases: [string, string][] = [
      ['', '请输入锻造数量'],
      // Letters never get in; zero is told as on every amount field; a third decimal is not taken.
      ['abc', '请输入锻造数量'],
      ['10.', '无效金额'],
      ['0', '金额必须大于0'],
      ['9.99', '锻造数量不能少于 10.00 金币'],
      ['9.999', '锻造数量不能少于 10.00 金币'],
      ['5000.01', '余额不足'],
    ];
    for (const [typed, message] of cases) {
      await retype(typed);
      await dialogUser.click(screen.getByTestId('forge-submit'));
      expect([typed, forgeError()]).toEqual([typed, message]);
    }
    await retype('10');
    expect(forgeError()).toBeNull();
    expect(screen.queryByTestId('purchase-summary')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, FORGE)).toEqual([]);
  });

  it('says "Enter the gold coins to forge" in English', async () => {
    poolServer();
    await changeLocale('en');
    renderApp(POOL);
    await openForge();
    await dialogUser.click(screen.getByTestId('forge-submit'));
    expect(forgeError()).toBe('Enter the gold coins to forge');
  });

  it('forges after Confirm with an Idempotency-Key, says so, and refreshes the pool and the balance', async () => {
    let forged = '50.5';
    const fetchMock = poolServer({
      [`GET /app-api/${CURRENT}`]: () => ok(poolCurrent({ myForged: forged })),
      [`POST /app-api/${FORGE}`]: () => {
        forged = '63';
        return ok({ forgeId: '77', forged: '63', transferId: '1234' });
      },
    });
    renderApp(POOL);
    await openForge();
    await retype('12.50');
    await dialogUser.click(screen.getByTestId('forge-submit'));
    const summary = await screen.findByTestId('purchase-summary');
    expect(within(summary).getByRole('heading')).toHaveTextContent('确认锻造？');
    expect(within(summary).getByTestId('forge-confirm-amount')).toHaveTextContent('12.50 金币');
    expect(within(summary).getByTestId('forge-confirm-day')).toHaveTextContent('2024-05-06');
    const balanceCalls = callsTo(fetchMock, 'asset/selectAssetBalance').length;
    await dialogUser.click(screen.getByTestId('dialog-confirm'));

    expect(await screen.findByText('锻造成功，本轮已锻造 63.00 金币')).toBeInTheDocument();
    const [sent, ...more] = callsTo(fetchMock, FORGE);
    expect(more).toEqual([]);
    // The canonical amount: a retry sends the same body.
    expect(sent?.body).toEqual({ amount: '12.5' });
    expect(headersOf(sent!.init)['Idempotency-Key']).toMatch(IDEMPOTENCY_KEY);
    await waitFor(() => expect(screen.getByTestId('pool-my-forged')).toHaveTextContent(/^63\.00$/));
    await waitFor(() => expect(callsTo(fetchMock, 'asset/selectAssetBalance').length).toBeGreaterThan(balanceCalls));
  });

  it('sends nothing when the member cancels', async () => {
    const fetchMock = poolServer();
    renderApp(POOL);
    await openForge();
    await retype('20');
    await dialogUser.click(screen.getByTestId('forge-submit'));
    await dialogUser.click(await screen.findByTestId('dialog-cancel'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(fetchMock, FORGE)).toEqual([]);
    expect(screen.getByTestId('forge-form')).toBeInTheDocument();
  });

  it('says 处理中... while forging', async () => {
    const fetchMock = poolServer();
    const answer = fetchMock.getMockImplementation()!;
    // The forge never answers: the loading toast stays.
    fetchMock.mockImplementation((input, init) =>
      String(input).endsWith(FORGE) ? new Promise<Response>(() => undefined) : answer(input, init),
    );
    renderApp(POOL);
    await openForge();
    await retype('20');
    await dialogUser.click(screen.getByTestId('forge-submit'));
    await dialogUser.click(await screen.findByTestId('dialog-confirm'));
    expect(await screen.findByText('处理中...')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('forge-submit')).toHaveClass('adm-button-loading'));
  });

  it("keeps the sheet open with the server's refusal, and reloads the pool when the minimum moved", async () => {
    const fetchMock = poolServer({
      [`POST /app-api/${FORGE}`]: () => ({
        status: 400,
        body: { code: 1041, msg: '锻造数量不能少于 50 金币', data: null },
      }),
    });
    renderApp(POOL);
    await openForge();
    const asked = callsTo(fetchMock, CURRENT).length;
    await retype('20');
    await dialogUser.click(screen.getByTestId('forge-submit'));
    await dialogUser.click(await screen.findByTestId('dialog-confirm'));
    expect(await screen.findByText('锻造数量不能少于 50 金币')).toBeInTheDocument();
    expect(screen.getByTestId('forge-form')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, CURRENT).length).toBeGreaterThan(asked));
  });

  it('forges once on a double tap: one confirm, one call', async () => {
    const fetchMock = poolServer({
      [`POST /app-api/${FORGE}`]: () => ok({ forgeId: '77', forged: '20', transferId: '1234' }),
    });
    renderApp(POOL);
    await openForge();
    await retype('20');
    await doubleTap(screen.getByTestId('forge-submit'));
    expect(await confirmEveryPrompt()).toBe(1);
    expect(await screen.findByText(/^锻造成功/)).toBeInTheDocument();
    await pause();
    expect(callsTo(fetchMock, FORGE).map((call) => call.body)).toEqual([{ amount: '20' }]);
  });
});

describe('prize pool: history', () => {
  it('lists the settled rounds with their figures and frozen ranking, winners highlighted with their transfers', async () => {
    const fetchMock = poolServer();
    const { router } = renderApp(POOL);
    await userEvent.click(await screen.findByTestId('pool-tab-history'));
    expect(router.state.location.search).toBe('?tab=history');
    const round = await screen.findByTestId('pool-round-2024-05-05');
    expect(within(round).getByRole('heading')).toHaveTextContent('2024-05-05');
    expect(within(round).getByTestId('pool-round-settled')).toHaveTextContent('2024-05-06 00:00:03');
    expect(within(round).getByTestId('pool-round-pool')).toHaveTextContent(/^1,000\.01$/);
    expect(within(round).getByTestId('pool-round-paid')).toHaveTextContent(/^650\.00$/);
    expect(within(round).getByTestId('pool-round-participants')).toHaveTextContent('3');
    expect(within(round).getByTestId('pool-round-rollover-in')).toHaveTextContent(/^200\.00$/);
    expect(within(round).getByTestId('pool-round-funded')).toHaveTextContent(/^800\.01$/);
    expect(within(round).getByTestId('pool-round-rollover-out')).toHaveTextContent(/^350\.00$/);
    expect(within(round).getByTestId('pool-round-rounding')).toHaveTextContent('分配余数 0.01 金币计入舍入账户');

    const winner = within(round).getByTestId('pool-round-rank-1');
    expect(winner).toHaveAttribute('data-winner', 'true');
    expect(within(winner).getByTestId('pool-rank-paid')).toHaveTextContent('获得 400.00 金币');
    expect(within(winner).getByTestId('pool-rank-transfer')).toHaveTextContent('转账编号 9001');
    const third = within(round).getByTestId('pool-round-rank-3');
    expect(third).toHaveAttribute('data-winner', 'false');
    expect(within(third).getByTestId('pool-rank-paid')).toHaveTextContent('获得 0.00 金币');
    expect(within(third).queryByTestId('pool-rank-transfer')).not.toBeInTheDocument();
    expect(screen.getByTestId('pool-round-2024-05-04')).toBeInTheDocument();
    expect(await screen.findByTestId('list-finished')).toHaveTextContent('已加载完毕');
    expect(callsTo(fetchMock, HISTORY).map((call) => call.url.searchParams.toString())).toEqual([
      'pageNo=1&pageSize=10',
    ]);
  });

  it('shows a round nobody joined, and an empty history', async () => {
    let rounds = [poolRound('2024-05-05', { ranking: [], participants: 0, paid: '0', rolloverOut: '1000.01' })];
    poolServer({ [`GET /app-api/${HISTORY}`]: () => page(rounds) });
    const first = renderApp(paths.prizePool.href({ tab: 'history' }));
    expect(await screen.findByText('该轮无人参与，奖池全部滚入下一轮')).toBeInTheDocument();
    first.unmount();
    rounds = [];
    renderApp(paths.prizePool.href({ tab: 'history' }));
    expect(await screen.findByTestId('pool-history-empty')).toHaveTextContent('暂无已结算的轮次');
  });

  it('is open to a signed-out visitor', async () => {
    useSession.setState({ ...DEFAULT_SESSION });
    poolServer();
    const { router } = renderApp(paths.prizePool.href({ tab: 'history' }));
    expect(await screen.findByTestId('pool-round-2024-05-05')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(POOL);
  });
});
