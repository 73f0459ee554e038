import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { changeLocale } from '@/i18n/i18n';
import { callsTo, failure } from '@/test/calls';
import { expectSentToSignIn } from '@/test/list-pages';
import { chineseAfterEachTest, signInBeforeEachTest } from '@/test/page-setup';
import { ok, renderApp } from '@/test/render-app';
import { levelConfig, teamServer } from '../testing/team-fixtures';

const LEVELS = paths.levelRewards.path;
const LEVEL_CONFIG = 'levelConfig/levelConfig';

signInBeforeEachTest();
chineseAfterEachTest();

describe('level rewards', () => {
  it('shows the current level and its benefit', async () => {
    const fetchMock = teamServer({
      [`POST /app-api/${LEVEL_CONFIG}`]: () =>
        ok(levelConfig({ current: { level: 2, identity: 'silver', bonusHashRatePct: 5 } })),
    });
    renderApp(LEVELS);
    expect(await screen.findByTestId('level-current-name')).toHaveTextContent('白银节点');
    expect(screen.getByTestId('nav-title')).toHaveTextContent('等级奖励');
    expect(screen.getByTestId('level-current-benefit')).toHaveTextContent('等级权益 算力加成 +5%');
    expect(callsTo(fetchMock, LEVEL_CONFIG).map((call) => call.init.method)).toEqual(['POST']);
  });

  it('shows how far each area is from the next level, and what is still missing', async () => {
    teamServer();
    renderApp(LEVELS);
    const progress = await screen.findByTestId('level-progress');
    expect(within(progress).getByTestId('level-next')).toHaveTextContent('下一级：白银节点');

    const major = within(progress).getByTestId('level-major');
    expect(within(major).getByTestId('level-major-have')).toHaveTextContent(/^18,750\.99$/);
    expect(within(major).getByTestId('level-major-need')).toHaveTextContent(/^50,000\.00$/);
    // 18750.999999 / 50000 = 37.50199…%: truncated.
    expect(within(major).getByTestId('level-major-percent')).toHaveTextContent('37.50%');
    expect(within(major).getByTestId('level-major-progress')).toHaveAttribute('aria-valuenow', '37.5');
    expect(within(major).getByTestId('level-major-gap')).toHaveTextContent('大区还需 31,249.00 U');

    const minor = within(progress).getByTestId('level-minor');
    expect(within(minor).getByTestId('level-minor-need')).toHaveTextContent(/^20,000\.00$/);
    expect(within(minor).getByTestId('level-minor-percent')).toHaveTextContent('100.00%');
    expect(within(minor).getByTestId('level-minor-gap')).toHaveTextContent('已达标');
    expect(within(progress).queryByTestId('level-needs-purchase')).not.toBeInTheDocument();
  });

  it('lists the four levels with their requirements and bonus, marking the current one', async () => {
    teamServer();
    renderApp(LEVELS);
    const table = await screen.findByTestId('level-table');
    const rows = within(table)
      .getAllByRole('listitem')
      .filter((item) => item.dataset.testid?.startsWith('level-row-'));
    expect(rows.map((row) => row.querySelector('.level-row__name')?.textContent)).toEqual([
      '游客',
      '普通节点',
      '白银节点',
      '黄金节点',
    ]);
    expect(within(table).getByTestId('level-row-0-conditions')).toHaveTextContent('无需条件');
    expect(within(table).getByTestId('level-row-1-conditions')).toHaveTextContent('自己购买过一次矿机或股权');
    expect(within(table).getByTestId('level-row-2-conditions')).toHaveTextContent(
      '大区业绩 ≥ 50,000.00 U小区业绩 ≥ 20,000.00 U',
    );
    expect(within(table).getByTestId('level-row-3-conditions')).toHaveTextContent(
      '大区业绩 ≥ 200,000.00 U小区业绩 ≥ 80,000.00 U',
    );
    expect(within(table).getByTestId('level-row-3-bonus')).toHaveTextContent('算力加成 +10%');
    expect(within(within(table).getByTestId('level-row-1')).getByTestId('level-row-current')).toHaveTextContent('当前');
  });

  it('tells a guest that one purchase makes a Regular Node, and opens the miner shop', async () => {
    teamServer({
      [`POST /app-api/${LEVEL_CONFIG}`]: () =>
        ok(
          levelConfig({
            current: { level: 0, identity: 'guest', bonusHashRatePct: 0 },
            major: '0',
            minor: '0',
            next: { level: 1, identity: 'regular', majorMissing: '0', minorMissing: '0', needsPurchase: true },
          }),
        ),
    });
    const { router } = renderApp(LEVELS);
    expect(await screen.findByTestId('level-needs-purchase')).toHaveTextContent(
      '自己购买一次矿机或股权即可成为普通节点',
    );
    // Regular asks no area performance: no bars.
    expect(screen.queryByTestId('level-major')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('level-go-buy'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.second.path));
  });

  it('says the top level is reached', async () => {
    teamServer({
      [`POST /app-api/${LEVEL_CONFIG}`]: () =>
        ok(levelConfig({ current: { level: 3, identity: 'gold', bonusHashRatePct: 10 }, next: null })),
    });
    renderApp(LEVELS);
    expect(await screen.findByTestId('level-top')).toHaveTextContent('已达到最高等级');
    expect(screen.queryByTestId('level-next')).not.toBeInTheDocument();
  });

  it('shows the gap in English', async () => {
    teamServer();
    await changeLocale('en');
    renderApp(LEVELS);
    expect(await screen.findByTestId('level-major-gap')).toHaveTextContent('Major area still needs 31,249.00 U');
    expect(screen.getByTestId('level-next')).toHaveTextContent('Next: Silver Node');
  });

  it('offers a retry when the levels fail to load', async () => {
    let fail = true;
    teamServer({ [`POST /app-api/${LEVEL_CONFIG}`]: () => (fail ? failure : ok(levelConfig())) });
    renderApp(LEVELS);
    expect(await screen.findByTestId('levels-error')).toHaveTextContent('等级信息加载失败');
    fail = false;
    await userEvent.click(screen.getByTestId('error-retry'));
    expect(await screen.findByTestId('level-current-name')).toHaveTextContent('普通节点');
  });

  it('sends a signed-out visitor to sign in', async () => {
    teamServer();
    await expectSentToSignIn(LEVELS);
  });
});
