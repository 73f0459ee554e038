import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { changeLocale } from '@/i18n/i18n';
import { resetNavigationThrottle } from '@/lib/navigation';
import { failure } from '@/test/calls';
import { BASIC_CONFIG, mockServer, ok, renderApp } from '@/test/render-app';

const BASIC = 'GET /app-api/biz/biz-config/get/basic';
const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  resetNavigationThrottle();
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

afterEach(async () => {
  await changeLocale('zh-CN');
});

describe('customer service', () => {
  it('shows the support email and Telegram of the basic config, each to open or to copy', async () => {
    mockServer({ [BASIC]: () => ok(BASIC_CONFIG) });
    renderApp(paths.services.path);
    expect(await screen.findByTestId('contact-email-value')).toHaveTextContent('help@example.com');
    expect(screen.getByTestId('nav-title')).toHaveTextContent('客服');
    expect(screen.getByTestId('contact-telegram-value')).toHaveTextContent('@minecloud');
    expect(screen.getByText('遇到问题可通过以下方式联系我们：点击即可直接联系，也可复制后使用')).toBeInTheDocument();

    // A tap opens the mail app, or Telegram (a new tab the Telegram app takes over).
    expect(screen.getByTestId('contact-email-link')).toHaveAttribute('href', 'mailto:help@example.com');
    expect(screen.getByTestId('contact-email-link')).not.toHaveAttribute('target');
    const telegram = screen.getByTestId('contact-telegram-link');
    expect(telegram).toHaveAttribute('href', 'https://t.me/minecloud');
    expect(telegram).toHaveAttribute('target', '_blank');
    expect(telegram).toHaveAttribute('rel', 'noopener noreferrer');
    expect(telegram).toHaveAccessibleName('客服 Telegram @minecloud');

    await userEvent.click(screen.getByTestId('contact-email-copy'));
    expect(writeText).toHaveBeenLastCalledWith('help@example.com');
    expect(await screen.findByText('复制成功')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('contact-telegram-copy'));
    expect(writeText).toHaveBeenLastCalledWith('@minecloud');
  });

  it('opens a t.me link as it is', async () => {
    const customerService = { telegram: 'https://t.me/+AbCdEf12' };
    mockServer({ [BASIC]: () => ok({ ...BASIC_CONFIG, customerService }) });
    renderApp(paths.services.path);
    expect(await screen.findByTestId('contact-telegram-link')).toHaveAttribute('href', 'https://t.me/+AbCdEf12');
  });

  it('hides a channel the operators left unset', async () => {
    mockServer({ [BASIC]: () => ok({ ...BASIC_CONFIG, customerService: { email: 'help@example.com' } }) });
    renderApp(paths.services.path);
    expect(await screen.findByTestId('contact-email-value')).toHaveTextContent('help@example.com');
    expect(screen.queryByTestId('contact-telegram')).not.toBeInTheDocument();
    expect(screen.queryByTestId('service-none')).not.toBeInTheDocument();
  });

  it('says to write through feedback when no contact is set, and leads there', async () => {
    mockServer({ [BASIC]: () => ok({ ...BASIC_CONFIG, customerService: {} }) });
    const { router } = renderApp(paths.services.path);
    expect(await screen.findByTestId('service-none')).toHaveTextContent(
      '客服联系方式暂未开通。如需帮助，请通过下方“意见反馈”告诉我们，平台的回复会显示在“反馈记录”中。',
    );
    expect(screen.queryByTestId('service-contacts')).not.toBeInTheDocument();
    expect(screen.getByTestId('service-go-feedback-history')).toHaveTextContent('反馈记录');
    await userEvent.click(screen.getByTestId('service-go-feedback'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login.path));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent(paths.feedback.path)}`);
  });

  it('shows skeletons while loading, then an error with a retry that works', async () => {
    let fail = true;
    mockServer({ [BASIC]: () => (fail ? failure : ok(BASIC_CONFIG)) });
    renderApp(paths.services.path);
    expect(await screen.findByTestId('service-loading')).toBeInTheDocument();
    expect(await screen.findByTestId('service-error')).toHaveTextContent('客服信息加载失败');
    fail = false;
    await userEvent.click(screen.getByTestId('error-retry'));
    expect(await screen.findByTestId('contact-email-value')).toHaveTextContent('help@example.com');
  });

  it.each([
    ['en', 'Support Telegram', 'No support contact has been published yet. For help, tell us through “Feedback” below'],
    ['zh-TW', '客服 Telegram', '客服聯繫方式暫未開通。如需協助，請透過下方「意見回饋」告訴我們'],
    ['ko-KR', '고객센터 텔레그램', '아직 공개된 고객센터 연락처가 없습니다. 도움이 필요하시면 아래 “의견 보내기”로'],
    [
      'ms-MY',
      'Telegram sokongan',
      'Belum ada hubungan sokongan diterbitkan. Untuk bantuan, beritahu kami melalui “Maklum balas”',
    ],
  ] as const)('reads in %s, with contacts and without', async (locale, telegramLabel, none) => {
    await changeLocale(locale);
    let customerService: Record<string, string> = BASIC_CONFIG.customerService;
    mockServer({ [BASIC]: () => ok({ ...BASIC_CONFIG, customerService }) });
    const first = renderApp(paths.services.path);
    expect(await screen.findByTestId('contact-telegram')).toHaveTextContent(telegramLabel);
    first.unmount();
    customerService = {};
    renderApp(paths.services.path);
    expect(await screen.findByTestId('service-none')).toHaveTextContent(none);
  });
});
