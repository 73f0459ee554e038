import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/i18n/i18n';
import { BASIC_CONFIG, mockServer, ok, renderApp } from '@/test/render-app';

describe('with the network cut', () => {
  it('shows the offline page in place of the page, in the member’s language, and the page again once back online', async () => {
    mockServer({ 'GET /app-api/biz/biz-config/get/basic': () => ok(BASIC_CONFIG) });
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderApp('/pages/about/about');
    expect(await screen.findByTestId('offline-page')).toHaveTextContent('网络已断开');
    expect(screen.getByTestId('offline-retry')).toHaveTextContent('重试');
    await act(() => changeLocale('ko-KR'));
    expect(screen.getByTestId('offline-page')).toHaveTextContent('오프라인 상태입니다');
    await act(() => changeLocale('zh-CN'));

    online.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByTestId('offline-page')).not.toBeInTheDocument());
  });
});
