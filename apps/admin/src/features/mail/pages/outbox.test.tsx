import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { calls, mockApi } from '@/test/fetch';
import { renderWithApp } from '@/test/render';
import { OutboxPage } from './outbox-page';

const row = (over: Record<string, unknown>) => ({
  template: 'email_code',
  locale: 'en',
  attempts: 1,
  nextAttemptAt: null,
  lastError: null,
  sentAt: null,
  createdAt: '2026-04-01T09:00:00.000Z',
  demoCode: null,
  ...over,
});

const MAIL = [
  row({
    id: '3',
    to: 'kim@example.com',
    locale: 'ko-KR',
    status: 'queued',
    attempts: 2,
    nextAttemptAt: '2026-04-02T09:02:00.000Z',
    lastError: 'Greeting never received',
  }),
  row({ id: '2', to: 'amy@example.com', status: 'failed', attempts: 5, lastError: 'connect ECONNREFUSED' }),
  row({ id: '1', to: 'bob@example.com', locale: 'zh-CN', status: 'sent', sentAt: '2026-04-01T09:00:05.000Z' }),
];

describe('mail outbox', () => {
  it('shows each mail’s template, recipient, language, status, tries and error, and no code', async () => {
    const requests = mockApi({ 'GET mail/outbox': () => ({ list: MAIL, total: 3 }) });
    renderWithApp(<OutboxPage />, { me: { role: 'support' } });
    const waiting = (await screen.findByText('kim@example.com')).closest('tr') as HTMLElement;
    expect(within(waiting).getByText('Korean')).toBeInTheDocument();
    expect(within(waiting).getByText('Verification code')).toBeInTheDocument();
    expect(within(waiting).getByText('Waiting')).toBeInTheDocument();
    expect(within(waiting).getByText('2')).toBeInTheDocument();
    expect(within(waiting).getByText('Greeting never received')).toBeInTheDocument();
    const failed = screen.getByText('amy@example.com').closest('tr') as HTMLElement;
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).getByText('connect ECONNREFUSED')).toBeInTheDocument();
    const sent = screen.getByText('bob@example.com').closest('tr') as HTMLElement;
    expect(within(sent).getByText(/^Sent 2026-04-01/)).toBeInTheDocument();
    expect(within(sent).getByText('Simplified Chinese')).toBeInTheDocument();
    expect(screen.queryByText(/Demo code/)).not.toBeInTheDocument();
    expect(calls(requests, 'GET mail/outbox')[0]?.url.searchParams.get('pageSize')).toBe('20');
  });

  it('shows a demo mail’s code, labelled as demo, in English and Chinese', async () => {
    const demo = row({ id: '9', to: 'demo@example.com', status: 'demo', attempts: 0, demoCode: '123456' });
    mockApi({ 'GET mail/outbox': () => ({ list: [demo], total: 1 }) });
    renderWithApp(<OutboxPage />, { me: { role: 'support' } });
    const line = (await screen.findByText('demo@example.com')).closest('tr') as HTMLElement;
    expect(within(line).getByText('Demo (not sent)')).toBeInTheDocument();
    expect(within(line).getByText('123456').closest('.ant-tag')).toHaveTextContent('Demo code 123456');

    await i18n.changeLanguage('zh-CN');
    try {
      expect(await within(line).findByText('演示（不发送）')).toBeInTheDocument();
      expect(within(line).getByText('123456').closest('.ant-tag')).toHaveTextContent('演示验证码 123456');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
