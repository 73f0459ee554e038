import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '@/i18n/i18n';
import { useLive } from '@/lib/live';
import { BASIC_CONFIG, mockServer, ok, renderApp } from '@/test/render-app';

beforeEach(() => {
  mockServer({ 'GET /app-api/biz/biz-config/get/basic': () => ok(BASIC_CONFIG) });
});

afterEach(async () => {
  useLive.getState().setLive(false);
  await changeLocale('zh-CN');
});

describe('the live marker', () => {
  it('shows on a tab page only while the stream is live, naming what is live', async () => {
    renderApp('/');
    await screen.findByTestId('nav-title');
    expect(screen.queryByTestId('live-marker')).not.toBeInTheDocument();
    act(() => useLive.getState().setLive(true));
    const marker = await screen.findByTestId('live-marker');
    expect(marker).toHaveTextContent('实时推送');
    expect(marker).toHaveAttribute('title', '已连接实时推送：余额、提现、通知和行情会自动更新');
    act(() => useLive.getState().setLive(false));
    await waitFor(() => expect(screen.queryByTestId('live-marker')).not.toBeInTheDocument());
  });

  it('says Live updates in English', async () => {
    await changeLocale('en');
    useLive.getState().setLive(true);
    renderApp('/');
    expect(await screen.findByTestId('live-marker')).toHaveTextContent('Live updates');
  });
});
