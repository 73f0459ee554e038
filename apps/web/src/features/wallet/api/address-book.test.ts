import { API } from '@minecloud/contract/api-paths';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/i18n/i18n';
import { hideLoading, showLoading } from '@/lib/toast';
import { mockServer, ok } from '@/test/render-app';
import { removeAddress, saveAddress } from './address-book';

vi.mock('@/lib/toast', () => ({ showToast: vi.fn(), showLoading: vi.fn(), hideLoading: vi.fn() }));

afterEach(async () => {
  vi.mocked(showLoading).mockClear();
  await changeLocale('zh-CN');
});

describe('the "Please wait" progress text', () => {
  it('shows while an address book entry is saved or removed', async () => {
    mockServer({
      [`POST /app-api/${API.addressAdd}`]: () => ok({}),
      [`POST /app-api/${API.addressRemove}`]: () => ok(null),
    });
    await saveAddress({ address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72', label: 'Cold', emailCode: '123456' });
    await changeLocale('en');
    await removeAddress('1');
    expect(vi.mocked(showLoading).mock.calls.map(([text]) => text)).toEqual(['请稍候', 'Please wait']);
    expect(hideLoading).toHaveBeenCalledTimes(2);
  });
});
