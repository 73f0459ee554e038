import type { AuditRow } from '@minecloud/contract/console';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, mockApi } from '@/test/fetch';
import { fill, renderWithApp } from '@/test/render';
import { AuditPage } from './audit-page';

const ROW: AuditRow = {
  id: '9',
  actor: 'operator:alice',
  action: 'notice.publish',
  target: 'notice:12',
  before: { status: 'draft' },
  after: { status: 'published' },
  requestId: 'req-abc',
  createdAt: '2026-04-01T10:00:00.000Z',
};

describe('audit log', () => {
  it('sends the filters as the query and shows before and after of a row', async () => {
    const requests = mockApi({ 'GET audit/page': () => ({ list: [ROW], total: 1 }) });
    const { user } = renderWithApp(<AuditPage />, { me: { role: 'finance' } });
    expect(await screen.findByText('notice.publish')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();

    await fill(user, screen.getByLabelText('Operator'), ' alice ');
    await fill(user, screen.getByLabelText('Action'), 'notice.');
    await user.click(screen.getByPlaceholderText('From (UTC)'));
    await user.paste('2026-04-01');
    await user.keyboard('{Enter}');
    await user.click(screen.getByPlaceholderText('To (UTC)'));
    await user.paste('2026-04-30');
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    // Enter in a field applies the filters too; the last request carries all of them.
    await waitFor(() =>
      expect(calls(requests, 'GET audit/page').at(-1)?.url.searchParams.get('to')).toBe('2026-04-30'),
    );
    const filtered = calls(requests, 'GET audit/page').at(-1)!;
    expect(Object.fromEntries(filtered.url.searchParams)).toEqual({
      actor: 'alice',
      action: 'notice.',
      from: '2026-04-01',
      to: '2026-04-30',
      pageNo: '1',
      pageSize: '20',
    });

    await user.click(await screen.findByRole('button', { name: /expand row/i }));
    expect(await screen.findByText(/"status": "draft"/)).toBeInTheDocument();
    expect(screen.getByText(/"status": "published"/)).toBeInTheDocument();
  });
});
