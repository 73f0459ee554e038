import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { changeLocale } from '@/i18n/i18n';
import { resetNavigationThrottle } from '@/lib/navigation';
import { callsTo, failure } from '@/test/calls';
import { signIn } from '@/test/fixtures/money';
import { expectSentToSignIn } from '@/test/list-pages';
import { chineseAfterEachTest, layOutListsInThisFile } from '@/test/page-setup';
import { ok, renderApp } from '@/test/render-app';
import { CODES, departments, linkOf, referral, relation, teamServer } from '../testing/team-fixtures';

const RELATION = 'biz/invite-relation/get';
const MY_TEAM = paths.three.path;

const writeText = vi.fn<(text: string) => Promise<void>>();

layOutListsInThisFile();

beforeEach(() => {
  resetNavigationThrottle();
  signIn();
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

chineseAfterEachTest();

const items = (testId: string) => within(screen.getByTestId(testId)).getAllByRole('listitem');

describe('my team: invitations', () => {
  it('shows the referral rewards truncated, the referral counts and the invite link, and copies the link', async () => {
    teamServer();
    renderApp(MY_TEAM);
    const card = await screen.findByTestId('invite-card');
    expect(screen.getByTestId('nav-title')).toHaveTextContent('我的团队');
    expect(within(card).getByTestId('team-total-reward')).toHaveTextContent(/^1,234\.56$/);
    expect(within(card).getByTestId('team-direct-count')).toHaveTextContent('2');
    expect(within(card).getByTestId('team-indirect-count')).toHaveTextContent('1');
    expect(within(card).getByTestId('invite-link')).toHaveTextContent(linkOf(CODES[0]!));

    await userEvent.click(within(card).getByTestId('invite-link-copy'));
    expect(writeText).toHaveBeenCalledWith(linkOf(CODES[0]!));
    expect(await screen.findByText('复制成功')).toBeInTheDocument();
  });

  it('says 复制内容不能为空 when there is no link to copy', async () => {
    teamServer({ [`GET /app-api/${RELATION}`]: () => ok(relation({ inviteLink: '' })) });
    renderApp(MY_TEAM);
    await userEvent.click(await screen.findByTestId('invite-link-copy'));
    expect(await screen.findByText('复制内容不能为空')).toBeInTheDocument();
    expect(writeText).not.toHaveBeenCalled();
  });

  it('shows each placement code with the QR code of its link, one department at a time', async () => {
    teamServer();
    renderApp(MY_TEAM);
    const codes = await screen.findByTestId('placement-codes');
    expect(within(codes).getByTestId('placement-tab-1')).toHaveAttribute('aria-selected', 'true');
    expect(within(codes).getByTestId('placement-code')).toHaveTextContent(CODES[0]!);
    const qr = await within(codes).findByTestId('placement-qr-1');
    expect(qr).toHaveAttribute('alt', `部门1邀请码 ${CODES[0]} 的二维码`);
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(within(codes).getByTestId('placement-note')).toHaveTextContent('将加入你的部门1');

    await userEvent.click(within(codes).getByTestId('placement-tab-2'));
    expect(within(codes).getByTestId('placement-code')).toHaveTextContent(CODES[1]!);
    const second = await within(codes).findByTestId('placement-qr-2');
    expect(second.getAttribute('src')).not.toBe(qr.getAttribute('src'));

    await userEvent.click(within(codes).getByTestId('placement-code-copy'));
    expect(writeText).toHaveBeenLastCalledWith(CODES[1]);
    await userEvent.click(within(codes).getByTestId('placement-link-copy'));
    expect(writeText).toHaveBeenLastCalledWith(linkOf(CODES[1]!));
  });

  it('shows a failed relation with a retry', async () => {
    let fail = true;
    teamServer({ [`GET /app-api/${RELATION}`]: () => (fail ? failure : ok(relation())) });
    renderApp(MY_TEAM);
    expect(await screen.findByTestId('invite-error')).toHaveTextContent('邀请信息加载失败');
    fail = false;
    await userEvent.click(within(screen.getByTestId('invite-error')).getByTestId('error-retry'));
    expect(await screen.findByTestId('invite-card')).toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign in', async () => {
    teamServer();
    await expectSentToSignIn(MY_TEAM);
  });
});

describe('my team: departments', () => {
  it('shows each department, which one is the major area, the areas and the time the figures are from', async () => {
    teamServer();
    renderApp(MY_TEAM);
    const board = await screen.findByTestId('departments');
    await within(board).findByTestId('department-1');
    expect(within(board).getByTestId('team-major')).toHaveTextContent(/^18,750\.99$/);
    expect(within(board).getByTestId('team-minor')).toHaveTextContent(/^20,000\.50$/);
    expect(within(board).getByTestId('team-major-department')).toHaveTextContent('当前大区：部门1');
    expect(within(board).getByTestId('department-1-area')).toHaveTextContent('大区');
    expect(within(board).getByTestId('department-2-area')).toHaveTextContent('小区');
    expect(within(board).getByTestId('department-1-performance')).toHaveTextContent(/^18,750\.99$/);
    expect(within(board).getByTestId('department-3-new')).toHaveTextContent(/^120\.75$/);
    expect(within(board).getByTestId('department-2-members')).toHaveTextContent('5');
    expect(within(board).getByTestId('department-3-code')).toHaveTextContent(CODES[2]!);
    // The departments' new performance together: the figure the prize pool ranks this member by.
    expect(within(board).getByTestId('team-new-total')).toHaveTextContent(
      '团队今日新增业绩（三个部门合计，奖池按此排名）：420.75 U',
    );
    expect(within(board).getByTestId('team-as-of')).toHaveTextContent(
      '新增业绩统计日：2024-05-06 · 数据截至 2024-05-06 14:30:05',
    );
  });

  it('says there is no major area while every department is at 0', async () => {
    teamServer({
      'POST /app-api/dataBoard/departmentInfo': () =>
        ok(
          departments({
            list: [1, 2, 3].map((n) => ({
              department: n as 1 | 2 | 3,
              code: CODES[n - 1]!,
              performance: '0',
              newPerformance: '0',
              members: 0,
            })),
            majorDepartment: null,
            major: '0',
            minor: '0',
            asOf: null,
          }),
        ),
    });
    renderApp(MY_TEAM);
    expect(await screen.findByTestId('team-major-department')).toHaveTextContent('暂无业绩，尚未形成大区');
    expect(screen.getByTestId('department-1-area')).toHaveTextContent('小区');
    expect(screen.getByTestId('team-as-of')).toHaveTextContent(/^新增业绩统计日：2024-05-06$/);
  });
});

describe('my team: referrals', () => {
  it('lists the direct referrals with address, level, department and reward, then the indirect ones', async () => {
    const fetchMock = teamServer();
    renderApp(MY_TEAM);
    await screen.findByTestId('referrals-direct');
    expect(screen.getByTestId('referrals-tab-direct')).toHaveTextContent('直推 (2)');
    expect(screen.getByTestId('referrals-tab-indirect')).toHaveTextContent('间推 (1)');
    const [first, second] = items('referrals-direct');
    expect(within(first!).getByTestId('referral-address')).toHaveTextContent('0x1111...aaaa');
    expect(within(first!).getByTestId('referral-level')).toHaveTextContent('白银节点');
    expect(within(first!).getByTestId('referral-department')).toHaveTextContent('部门2');
    expect(within(first!).getByTestId('referral-reward')).toHaveTextContent(/^500\.12 U$/);
    expect(within(second!).getByTestId('referral-level')).toHaveTextContent('游客');
    expect(await screen.findByTestId('list-finished')).toHaveTextContent('已加载完毕');

    await userEvent.click(screen.getByTestId('referrals-tab-indirect'));
    await screen.findByTestId('referrals-indirect');
    const [indirect] = items('referrals-indirect');
    expect(within(indirect!).getByTestId('referral-address')).toHaveTextContent('0x3333...cccc');
    expect(within(indirect!).getByTestId('referral-level')).toHaveTextContent('普通节点');
    expect(within(indirect!).queryByTestId('referral-department')).not.toBeInTheDocument();
    expect(within(indirect!).getByTestId('referral-reward')).toHaveTextContent(/^25\.50 U$/);
    expect(callsTo(fetchMock, RELATION).map((call) => call.url.searchParams.toString())).toEqual([
      'pageNo=1&pageSize=10',
      'pageNo=1&pageSize=10',
    ]);
  });

  it('loads more direct referrals at the end of the list', async () => {
    const asked: string[] = [];
    teamServer({
      [`GET /app-api/${RELATION}`]: ({ url }) => {
        const pageNo = Number(url.searchParams.get('pageNo'));
        asked.push(String(pageNo));
        const direct =
          pageNo === 1
            ? Array.from({ length: 10 }, (_, i) => referral(`0x${i}000...000${i}`, { joinedAt: `2024-05-0${i}` }))
            : [referral('0xaaaa...1111'), referral('0xbbbb...2222')];
        return ok(relation({ direct, directTotal: 12, indirect: [], indirectTotal: 0 }));
      },
    });
    renderApp(MY_TEAM);
    expect(await screen.findByTestId('list-finished')).toHaveTextContent('已加载完毕');
    expect(items('referrals-direct')).toHaveLength(12);
    expect(asked).toEqual(['1', '2']);
  });

  it('says so when nobody has joined yet', async () => {
    teamServer({
      [`GET /app-api/${RELATION}`]: () =>
        ok(relation({ direct: [], directTotal: 0, indirect: [], indirectTotal: 0, totalRewardU: '0' })),
    });
    renderApp(MY_TEAM);
    expect(await screen.findByTestId('referrals-direct-empty')).toHaveTextContent('还没有直推成员');
    expect(screen.getByTestId('team-total-reward')).toHaveTextContent(/^0\.00$/);
    await userEvent.click(screen.getByTestId('referrals-tab-indirect'));
    expect(await screen.findByTestId('referrals-indirect-empty')).toHaveTextContent('还没有间推成员');
  });

  it('speaks English', async () => {
    teamServer();
    await changeLocale('en');
    renderApp(MY_TEAM);
    const [first] = await within(await screen.findByTestId('referrals-direct')).findAllByRole('listitem');
    expect(within(first!).getByTestId('referral-level')).toHaveTextContent('Silver Node');
    expect(within(first!).getByTestId('referral-department')).toHaveTextContent('Department 2');
    expect(screen.getByTestId('referrals-tab-direct')).toHaveTextContent('Direct (2)');
  });
});

describe('my team: links', () => {
  it('opens Level Rewards (with the current identity), the performance rank and the prize pool', async () => {
    teamServer();
    const { router } = renderApp(MY_TEAM);
    expect(await screen.findByTestId('team-my-identity')).toHaveTextContent('普通节点');
    for (const [name, route] of [
      ['levels', paths.levelRewards],
      ['performance-rank', paths.rank],
      ['prize-pool', paths.prizePool],
    ] as const) {
      resetNavigationThrottle();
      await userEvent.click(await screen.findByTestId(`team-go-${name}`));
      await waitFor(() => expect(router.state.location.pathname).toBe(route.path));
      await router.navigate(MY_TEAM);
    }
  });
});
