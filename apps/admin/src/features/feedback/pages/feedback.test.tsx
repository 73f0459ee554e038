import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, mockApi } from '@/test/fetch';
import { button, dialogWith, fill, quickUser } from '@/test/interact';
import { renderWithApp } from '@/test/render';
import { FeedbackPage } from './feedback-page';

const OPEN = {
  id: '11',
  userId: '100234',
  content: 'My miner shows no output today',
  images: ['/uploads/shot-1.png', '/uploads/shot-2.png'],
  reply: null,
  repliedAt: null,
  createdAt: '2026-04-02T09:00:00.000Z',
};
const ANSWERED = {
  id: '10',
  userId: '100199',
  content: 'How do I withdraw?',
  images: [],
  reply: 'Bind your email first.',
  repliedAt: '2026-04-01T10:00:00.000Z',
  createdAt: '2026-04-01T09:00:00.000Z',
};

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    // The server leaves out answered feedback when asked for the unanswered only.
    'GET feedback': ({ url }) =>
      url.searchParams.get('unanswered') === '1' ? { list: [OPEN], total: 1 } : { list: [OPEN, ANSWERED], total: 2 },
    ...extra,
  });
}

describe('feedback inbox', () => {
  it('shows pictures, links the member and filters the unanswered', async () => {
    const requests = api();
    renderWithApp(<FeedbackPage />, { me: { role: 'support' } });
    const user = quickUser();
    const open = (await screen.findByText('My miner shows no output today')).closest('tr') as HTMLElement;
    expect(within(open).getByText('100234').closest('a')).toHaveAttribute('href', '/members/100234');
    expect(
      within(open)
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toEqual(['/uploads/shot-1.png', '/uploads/shot-2.png']);
    expect(within(open).getByText('Unanswered')).toBeInTheDocument();
    expect(screen.getByText('Bind your email first.')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Unanswered only'));
    await waitFor(() => expect(screen.queryByText('How do I withdraw?')).not.toBeInTheDocument());
    expect(screen.getByText('My miner shows no output today')).toBeInTheDocument();
    expect(calls(requests, 'GET feedback').at(-1)?.url.searchParams.get('unanswered')).toBe('1');
  });

  it('requires a reply and sends it trimmed', async () => {
    const requests = api({
      'POST feedback/11/reply': ({ body }) => ({ ...OPEN, ...(body as object), repliedAt: '2026-04-02T10:00:00.000Z' }),
    });
    renderWithApp(<FeedbackPage />);
    const user = quickUser();
    const open = (await screen.findByText('My miner shows no output today')).closest('tr') as HTMLElement;
    await user.click(button(open, 'Reply'));
    const modal = await dialogWith('Reply to member 100234');
    await fill(user, within(modal).getByLabelText('Reply'), '   ');
    await user.click(button(modal, 'Send'));
    expect(await within(modal).findByText('Write a reply')).toBeInTheDocument();
    expect(calls(requests, 'POST feedback/11/reply')).toHaveLength(0);

    await fill(user, within(modal).getByLabelText('Reply'), '  We are checking your miner.  ');
    await user.click(button(modal, 'Send'));
    await waitFor(() => expect(calls(requests, 'POST feedback/11/reply')).toHaveLength(1));
    expect(calls(requests, 'POST feedback/11/reply')[0]?.body).toEqual({ reply: 'We are checking your miner.' });
    expect(await screen.findByText('Reply sent')).toBeInTheDocument();
  });

  it('edits a reply already given with the same call', async () => {
    const requests = api({ 'POST feedback/10/reply': ({ body }) => ({ ...ANSWERED, ...(body as object) }) });
    renderWithApp(<FeedbackPage />);
    const user = quickUser();
    const answered = (await screen.findByText('How do I withdraw?')).closest('tr') as HTMLElement;
    await user.click(button(answered, 'Edit reply'));
    const modal = await dialogWith('Reply to member 100199');
    expect(within(modal).getByLabelText('Reply')).toHaveValue('Bind your email first.');
    await fill(user, within(modal).getByLabelText('Reply'), 'Bind your email under Me, then withdraw.');
    await user.click(button(modal, 'Send'));
    await waitFor(() => expect(calls(requests, 'POST feedback/10/reply')).toHaveLength(1));
    expect(calls(requests, 'POST feedback/10/reply')[0]?.body).toEqual({
      reply: 'Bind your email under Me, then withdraw.',
    });
  });
});
