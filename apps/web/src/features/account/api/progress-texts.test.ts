import { API } from '@minecloud/contract/api-paths';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/i18n/i18n';
import { hideLoading, showLoading } from '@/lib/toast';
import { mockServer, ok } from '@/test/render-app';
import { bindEmail } from './bind-email';
import { bindWallet } from './bind-wallet';

vi.mock('@/lib/toast', () => ({ showToast: vi.fn(), showLoading: vi.fn(), hideLoading: vi.fn() }));

afterEach(async () => {
  vi.mocked(showLoading).mockClear();
  await changeLocale('zh-CN');
});

describe('the "Please wait" progress text', () => {
  it('shows while an email or the withdrawal address is bound', async () => {
    mockServer({
      [`POST /app-api/${API.bindEmail}`]: () => ok(null),
      [`POST /app-api/${API.bindWallet}`]: () => ok(null),
    });
    await bindEmail({ email: 'a@example.com', code: '123456' });
    await bindWallet({ address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72', code: '123456' });
    await changeLocale('en');
    await bindEmail({ email: 'a@example.com', code: '123456' });
    expect(vi.mocked(showLoading).mock.calls.map(([text]) => text)).toEqual(['请稍候', '请稍候', 'Please wait']);
    expect(hideLoading).toHaveBeenCalledTimes(3);
  });
});
