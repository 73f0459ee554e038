import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, mockApi } from '../../test/fetch.ts';
import { button, dialogWith, fill, quickUser } from '../../test/interact.ts';
import { renderWithApp } from '../../test/render.tsx';
import { JobsPage } from './jobs-page.tsx';

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
    },
    { name: 'pool', latestPeriod: '2026-04-01', lastRun: null },
  ],
};
const RUN = {
  job: 'settlement',
  period: '2026-04-01',
  startedAt: '2026-04-01T16:00:01.000Z',
  finishedAt: '2026-04-01T16:00:09.000Z',
  result: '{"members":12,"btc":"0.0012"}',
  trigger: 'schedule',
};

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET jobs': () => JOBS,
    'GET jobs/runs': () => ({ list: [RUN], total: 1 }),
    ...extra,
  });
}

async function openRun(title: string) {
  const user = quickUser();
  const card = (await screen.findByText(title, { selector: '.ant-card-head-title' })).closest(
    '.ant-card',
  ) as HTMLElement;
  await user.click(button(card, 'Run again'));
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
    const pool = (await screen.findByText('Prize pool round', { selector: '.ant-card-head-title' })).closest(
      '.ant-card',
    ) as HTMLElement;
    expect(within(pool).getByText('Never ran')).toBeInTheDocument();
    const run = (await screen.findByText('schedule', { selector: 'td' })).closest('tr') as HTMLElement;
    await user.click(button(run, /Expand row/));
    expect(await screen.findByText(/"btc": "0.0012"/)).toBeInTheDocument();

    await user.click(screen.getByLabelText('Job'));
    await user.click(await screen.findByText('Prize pool round', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(calls(requests, 'GET jobs/runs').at(-1)?.url.searchParams.get('job')).toBe('pool'));
  });
});
