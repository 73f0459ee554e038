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
  it('shows the support email and Telegram of the basic config, and copies each', async () => {
    mockServer({ [BASIC]: () => ok(BASIC_CONFIG) });
    renderApp(paths.services.path);
    expect(await screen.findByTestId('contact-email-value')).toHaveTextContent('help@example.com');
    expect(screen.getByTestId('nav-title')).toHaveTextContent('客服');
    expect(screen.getByTestId('contact-telegram-value')).toHaveTextContent('@minecloud');

    await userEvent.click(screen.getByTestId('contact-email-copy'));
    expect(writeText).toHaveBeenLastCalledWith('help@example.com');
    expect(await screen.findByText('复制成功')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('contact-telegram-copy'));
    expect(writeText).toHaveBeenLastCalledWith('@minecloud');
  });

  it('says 复制内容不能为空 for a contact the operator left empty', async () => {
    mockServer({
      [BASIC]: () => ok({ ...BASIC_CONFIG, customerService: { email: 'help@example.com', telegram: '' } }),
    });
    renderApp(paths.services.path);
    expect(await screen.findByTestId('contact-telegram-value')).toHaveTextContent('暂未设置');
    await userEvent.click(screen.getByTestId('contact-telegram-copy'));
    expect(await screen.findByText('复制内容不能为空')).toBeInTheDocument();
    expect(writeText).not.toHaveBeenCalled();
  });

  it('offers a retry when the contacts fail to load', async () => {
    let fail = true;
    mockServer({ [BASIC]: () => (fail ? failure : ok(BASIC_CONFIG)) });
    renderApp(paths.services.path);
    expect(await screen.findByTestId('service-error')).toHaveTextContent('客服信息加载失败');
    fail = false;
    await userEvent.click(screen.getByTestId('error-retry'));
    expect(await screen.findByTestId('contact-email-value')).toHaveTextContent('help@example.com');
  });

  it('leads on to feedback', async () => {
    mockServer({ [BASIC]: () => ok(BASIC_CONFIG) });
    const { router } = renderApp(paths.services.path);
    await userEvent.click(await screen.findByTestId('service-go-feedback'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.login.path));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent(paths.feedback.path)}`);
  });

  it('reads in Korean', async () => {
    await changeLocale('ko-KR');
    mockServer({ [BASIC]: () => ok(BASIC_CONFIG) });
    renderApp(paths.services.path);
    expect(await screen.findByTestId('contact-telegram')).toHaveTextContent('고객센터 텔레그램');
    expect(screen.getByTestId('contact-email-copy')).toHaveTextContent('복사');
  });
});
