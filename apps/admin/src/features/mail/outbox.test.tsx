import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, mockApi } from '../../test/fetch.ts';
import { button, quickUser } from '../../test/interact.ts';
import { renderWithApp } from '../../test/render.tsx';
import { OutboxPage } from './outbox-page.tsx';

const MAIL = [
  {
    id: '2',
    to: 'amy@example.com',
    subject: 'Your code',
    text: 'Your code is 123456.',
    sentAt: null,
    error: 'connect ECONNREFUSED',
    createdAt: '2026-04-02T09:00:00.000Z',
  },
  {
    id: '1',
    to: 'bob@example.com',
    subject: 'Welcome',
    text: 'Hello Bob',
    sentAt: '2026-04-01T09:00:05.000Z',
    error: null,
    createdAt: '2026-04-01T09:00:00.000Z',
  },
];

describe('mail outbox', () => {
  it('shows sent and failed mail, and the text on demand', async () => {
    const requests = mockApi({ 'GET mail/outbox': () => ({ list: MAIL, total: 2 }) });
    renderWithApp(<OutboxPage />, { me: { role: 'support' } });
    const user = quickUser();
    const failed = (await screen.findByText('amy@example.com')).closest('tr') as HTMLElement;
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    const sent = screen.getByText('bob@example.com').closest('tr') as HTMLElement;
    expect(within(sent).getByText(/^Sent 2026-04-01/)).toBeInTheDocument();
    expect(screen.queryByText('Your code is 123456.')).not.toBeInTheDocument();

    await user.click(button(failed, /Expand row/));
    expect(await screen.findByText('Your code is 123456.')).toBeInTheDocument();
    expect(screen.getByText('connect ECONNREFUSED')).toBeInTheDocument();
    expect(calls(requests, 'GET mail/outbox')[0]?.url.searchParams.get('pageSize')).toBe('20');
  });
});
