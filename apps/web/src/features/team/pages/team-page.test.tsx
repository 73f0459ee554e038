import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { changeLocale } from '@/i18n/i18n';
import { resetNavigationThrottle } from '@/lib/navigation';
import { callsTo, failure } from '@/test/calls';
import { chineseAfterEachTest, signInBeforeEachTest } from '@/test/page-setup';
import { ok, renderApp } from '@/test/render-app';
import { community, teamServer } from '../testing/team-fixtures';

const TEAM = paths.team.path;
const COMMUNITY = 'dataBoard/communityInfo';

signInBeforeEachTest();
chineseAfterEachTest();

describe('team tab', () => {
  it('shows the community overview: members, active members, total and new performance', async () => {
    const fetchMock = teamServer();
    renderApp(TEAM);
    const overview = await screen.findByTestId('community');
    await within(overview).findByTestId('community-members');
    expect(screen.getByTestId('nav-title')).toHaveTextContent('团队');
    expect(screen.getByTestId('tab-team')).toHaveAttribute('aria-current', 'page');
    expect(within(overview).getByTestId('community-members')).toHaveTextContent('1520');
    expect(within(overview).getByTestId('community-active')).toHaveTextContent('864');
    expect(within(overview).getByTestId('community-total')).toHaveTextContent(/^2,500,000\.12$/);
    expect(within(overview).getByTestId('community-new')).toHaveTextContent(/^15,000\.50$/);
    // It names what it counts: everyone's purchases, and that the pool ranks by a team's only.
    expect(within(overview).getByTestId('community-day')).toHaveTextContent(
      '社区新增业绩：全体会员在 2024-05-06 购买矿机和股权的金额，含各自本人的购买；奖池只按各自团队的新增业绩排名',
    );
    expect(callsTo(fetchMock, COMMUNITY)[0]?.init.method).toBe('GET');
  });

  it('keeps each card at its size while it loads: the labels at once, a bar where each value comes', async () => {
    const fetchMock = teamServer();
    const answer = fetchMock.getMockImplementation();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    fetchMock.mockImplementation(async (input, init) => {
      if (/communityInfo|destroyData/.test(String(input))) await held;
      return answer!(input, init);
    });
    renderApp(TEAM);
    const overview = await screen.findByTestId('community');
    const board = screen.getByTestId('data-board');
    const labels = [...overview.querySelectorAll('dt'), ...board.querySelectorAll('dt')];
    expect(labels.map((label) => label.textContent)).toEqual([
      '社区成员',
      '活跃成员',
      '社区总业绩',
      '社区今日新增业绩',
      '全网算力',
      '运行中矿机',
      '黑洞累计销毁',
      '今日销毁',
    ]);
    expect(overview.querySelectorAll('dd .team-figures__pending')).toHaveLength(4);
    expect(board.querySelectorAll('dd .team-figures__pending')).toHaveLength(4);
    expect(overview.querySelector('.adm-skeleton')).toBeNull();

    release();
    expect(await within(overview).findByTestId('community-members')).toHaveTextContent('1520');
    expect(await within(board).findByTestId('board-burned')).toHaveTextContent(/^649\.77$/);
    // The same figures, filled in: nothing was put in their place.
    expect([...overview.querySelectorAll('dt'), ...board.querySelectorAll('dt')]).toEqual(labels);
    expect(document.querySelector('.team-figures__pending')).toBeNull();
  });

  it('shows the data board: live hash rate, miners, and the hash rate burned into the black hole', async () => {
    const fetchMock = teamServer();
    renderApp(TEAM);
    const board = await screen.findByTestId('data-board');
    expect(await within(board).findByTestId('board-total-hash-rate')).toHaveTextContent(/^12345\.67$/);
    expect(within(board).getByTestId('board-miners')).toHaveTextContent('130');
    expect(within(board).getByTestId('board-burned')).toHaveTextContent(/^649\.77$/);
    // Too small for 2 decimals: its own places show rather than 0.00.
    expect(within(board).getByTestId('board-burned-today')).toHaveTextContent(/^0\.0047$/);
    expect(callsTo(fetchMock, 'dataBoard/destroyData')[0]?.init.method).toBe('POST');
  });

  it('offers a retry when the community or the board fails to load', async () => {
    let fail = true;
    teamServer({
      [`GET /app-api/${COMMUNITY}`]: () => (fail ? failure : ok(community())),
      'POST /app-api/dataBoard/destroyData': () => (fail ? failure : ok({ burnedHashRate: '1', burnedToday: '0' })),
    });
    renderApp(TEAM);
    const communityError = await screen.findByTestId('community-error');
    expect(communityError).toHaveTextContent('社区数据加载失败');
    expect(await screen.findByTestId('data-board-error')).toHaveTextContent('数据看板加载失败');
    fail = false;
    await userEvent.click(within(communityError).getByTestId('error-retry'));
    expect(await screen.findByTestId('community-members')).toHaveTextContent('1520');
    await userEvent.click(within(screen.getByTestId('data-board-error')).getByTestId('error-retry'));
    expect(await screen.findByTestId('board-burned')).toHaveTextContent(/^1\.00$/);
  });

  it('opens the community rank and the performance rank', async () => {
    teamServer();
    const { router } = renderApp(TEAM);
    await userEvent.click(await screen.findByTestId('team-go-community-rank'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.teamRank.path));
    await router.navigate(TEAM);
    resetNavigationThrottle();
    await userEvent.click(await screen.findByTestId('team-go-performance-rank'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.rank.path));
  });

  it('speaks Korean', async () => {
    teamServer();
    await changeLocale('ko-KR');
    renderApp(TEAM);
    expect(await screen.findByText('커뮤니티')).toBeInTheDocument();
    expect(await screen.findByText('데이터 보드 · 블랙홀')).toBeInTheDocument();
  });
});
