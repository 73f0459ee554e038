import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, mockApi } from '@/test/fetch';
import { button, dialogWith, fill, quickUser } from '@/test/interact';
import { renderWithApp, switchLanguage } from '@/test/render';
import { JobsPage } from './jobs-page';

const JOBS = {
  list: [
    {
      name: 'settlement',
      latestPeriod: '2026-04-01',
      lastRun: {
        period: '2026-04-01',
        startedAt: '2026-04-01T16:00:01.000Z',
        finishedAt: '2026-04-01T16:00:09.000Z',
        trigger: 'schedule',
      },
      behind: 0,
      oldestMissing: null,
      retry: null,
      waiting: null,
    },
    {
      name: 'pool',
      latestPeriod: '2026-04-01',
      lastRun: null,
      behind: 0,
      oldestMissing: null,
      retry: null,
      waiting: null,
    },
  ],
};
/** The settlement failing its oldest of three missed days twice, and the pool out of tries. */
const BEHIND = {
  list: [
    {
      ...JOBS.list[0],
      latestPeriod: '2026-04-03',
      behind: 3,
      oldestMissing: '2026-04-01',
      retry: {
        period: '2026-04-01',
        attempts: 2,
        lastError: 'canceling statement due to statement timeout',
        lastFailedAt: '2026-04-01T16:04:00.000Z',
        nextRetryAt: '2026-04-01T16:06:00.000Z',
      },
    },
    {
      ...JOBS.list[1],
      behind: 1,
      oldestMissing: '2026-04-01',
      retry: {
        period: '2026-04-01',
        attempts: 6,
        lastError: 'pool round out of balance',
        lastFailedAt: '2026-04-01T16:40:00.000Z',
        nextRetryAt: null,
      },
    },
  ],
};
const RUN = {
  job: 'settlement',
  period: '2026-04-01',
  startedAt: '2026-04-01T16:00:01.000Z',
  finishedAt: '2026-04-01T16:00:09.000Z',
  result: '{"members":12,"btc":"0.0012"}',
  trigger: 'schedule',
  attempt: 3,
};

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET jobs': () => JOBS,
    'GET jobs/runs': () => ({ list: [RUN], total: 1 }),
    ...extra,
  });
}

async function cardOf(title: string) {
  return (await screen.findByText(title, { selector: '.ant-card-head-title' })).closest('.ant-card') as HTMLElement;
}

async function openRun(title: string) {
  const user = quickUser();
  await user.click(button(await cardOf(title), 'Run again'));
  return { user, modal: await dialogWith(`Run “${title}”`) };
}

describe('jobs', () => {
  it('says the period already ran when the server answers done', async () => {
    const requests = api({ 'POST jobs/run': () => ({ ran: false, period: '2026-04-01', reason: 'done' }) });
    renderWithApp(<JobsPage />, { me: { role: 'finance' } });
    const { user, modal } = await openRun('Daily settlement');
    expect(within(modal).getByLabelText('Period')).toHaveValue('2026-04-01');
    await user.click(button(modal, 'Run'));
    expect(await within(modal).findByText('That period already ran.')).toBeInTheDocument();
    expect(within(modal).getByText('The job did not run for 2026-04-01')).toBeInTheDocument();
    expect(calls(requests, 'POST jobs/run')[0]?.body).toEqual({ job: 'settlement', period: '2026-04-01' });
  });

  it('runs a chosen period and shows the result', async () => {
    const requests = api({
      'POST jobs/run': ({ body }) => ({
        ran: true,
        period: (body as { period: string }).period,
        result: { winners: 3 },
      }),
    });
    renderWithApp(<JobsPage />);
    const { user, modal } = await openRun('Prize pool round');
    await fill(user, within(modal).getByLabelText('Period'), '31/03/2026');
    await user.click(button(modal, 'Run'));
    expect(await within(modal).findByText('A day as YYYY-MM-DD')).toBeInTheDocument();
    expect(calls(requests, 'POST jobs/run')).toHaveLength(0);

    await fill(user, within(modal).getByLabelText('Period'), '2026-03-31');
    await user.click(button(modal, 'Run'));
    expect(await within(modal).findByText('The job ran for 2026-03-31')).toBeInTheDocument();
    expect(within(modal).getByText(/"winners": 3/)).toBeInTheDocument();
    expect(calls(requests, 'POST jobs/run')[0]?.body).toEqual({ job: 'pool', period: '2026-03-31' });
    // The last runs are asked again.
    await waitFor(() => expect(calls(requests, 'GET jobs/runs').length).toBeGreaterThanOrEqual(2));
  });

  it('shows a settlement that waits for its network day, and says why when run by hand', async () => {
    const why = 'the Bitcoin node does not answer (fetch failed)';
    api({
      'GET jobs': () => ({
        list: [
          {
            ...BEHIND.list[0],
            behind: 1,
            retry: null,
            waiting: { period: '2026-04-01', reason: why, since: '2026-04-01T16:00:05.000Z' },
          },
          JOBS.list[1],
        ],
      }),
      'POST jobs/run': () => ({ ran: false, period: '2026-04-01', reason: 'waiting', why }),
    });
    renderWithApp(<JobsPage />);
    const card = await cardOf('Daily settlement');
    expect(within(card).getByText('2026-04-01 waits')).toBeInTheDocument();
    expect(within(card).getByTestId('job-waiting-reason')).toHaveTextContent(why);
    expect(within(card).queryByText('Failed tries')).not.toBeInTheDocument();
    const { user, modal } = await openRun('Daily settlement');
    await user.click(button(modal, 'Run'));
    expect(
      await within(modal).findByText(
        `It waits for what it needs from outside: ${why}. It is asked again every minute.`,
      ),
    ).toBeInTheDocument();
  });

  it('tells a busy runner apart', async () => {
    api({ 'POST jobs/run': () => ({ ran: false, period: '2026-04-01', reason: 'busy' }) });
    renderWithApp(<JobsPage />);
    const { user, modal } = await openRun('Daily settlement');
    await user.click(button(modal, 'Run'));
    expect(
      await within(modal).findByText('Another runner holds it; try again when it has finished.'),
    ).toBeInTheDocument();
  });

  it('lists runs with their result on demand and filters them by job', async () => {
    const requests = api();
    renderWithApp(<JobsPage />);
    const user = quickUser();
    const pool = await cardOf('Prize pool round');
    expect(within(pool).getByText('Never ran')).toBeInTheDocument();
    expect(within(pool).getByText('Up to date')).toBeInTheDocument();
    const run = (await screen.findByText('schedule', { selector: 'td' })).closest('tr') as HTMLElement;
    // The run took three tries.
    expect(within(run).getByText('3', { selector: 'td' })).toBeInTheDocument();
    await user.click(button(run, /Expand row/));
    expect(await screen.findByText(/"btc": "0.0012"/)).toBeInTheDocument();

    await user.click(screen.getByLabelText('Job'));
    await user.click(await screen.findByText('Prize pool round', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(calls(requests, 'GET jobs/runs').at(-1)?.url.searchParams.get('job')).toBe('pool'));
  });

  it('shows how many days each job is behind and the retries of its oldest day', async () => {
    api({ 'GET jobs': () => BEHIND });
    renderWithApp(<JobsPage />);
    const settlement = await cardOf('Daily settlement');
    expect(within(settlement).getByText('3 days behind, from 2026-04-01')).toBeInTheDocument();
    expect(within(settlement).getByText(/run by themselves, oldest first/)).toBeInTheDocument();
    expect(within(settlement).getByText('Retries of 2026-04-01')).toBeInTheDocument();
    expect(within(settlement).getByText('Failed tries').nextElementSibling).toHaveTextContent('2');
    const next = within(settlement).getByText('Next try').nextElementSibling as HTMLElement;
    expect(next.querySelector('time')).toHaveAttribute('dateTime', '2026-04-01T16:06:00.000Z');
    expect(within(settlement).getByText('canceling statement due to statement timeout')).toBeInTheDocument();

    const pool = await cardOf('Prize pool round');
    expect(within(pool).getByText('1 day behind, from 2026-04-01')).toBeInTheDocument();
    expect(within(pool).getByText('Failed tries').nextElementSibling).toHaveTextContent('6');
    expect(within(pool).getByText(/None before the next scheduled start/)).toBeInTheDocument();
    expect(within(pool).getByText('pool round out of balance')).toBeInTheDocument();

    // Run by hand, the oldest missing day is offered first.
    const { modal } = await openRun('Daily settlement');
    expect(within(modal).getByLabelText('Period')).toHaveValue('2026-04-01');
  });

  it('shows the backlog and the retries in Simplified Chinese', async () => {
    api({ 'GET jobs': () => BEHIND });
    await switchLanguage('zh-CN');
    renderWithApp(<JobsPage />);
    const settlement = await cardOf('每日结算');
    expect(within(settlement).getByText('落后 3 天，自 2026-04-01 起')).toBeInTheDocument();
    expect(within(settlement).getByText('2026-04-01 的重试')).toBeInTheDocument();
    expect(within(settlement).getByText('失败次数').nextElementSibling).toHaveTextContent('2');
    const pool = await cardOf('奖池轮次');
    expect(within(pool).getByText(/下次计划运行前不再自动重试/)).toBeInTheDocument();
  });
});
