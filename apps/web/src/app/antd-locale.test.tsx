import { act, render, screen } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session';
import { AntdLocale } from './antd-locale';

describe("antd-mobile's own texts", () => {
  afterEach(() => {
    Dialog.clear();
    act(() => useSession.getState().setLocale('zh-CN'));
  });

  it('follow the interface language, in imperative dialogs too', async () => {
    render(<AntdLocale>page</AntdLocale>);
    act(() => {
      Dialog.alert({ content: 'first' });
    });
    expect(await screen.findByText('我知道了')).toBeInTheDocument();
    act(() => Dialog.clear());
    act(() => useSession.getState().setLocale('en'));
    act(() => {
      Dialog.alert({ content: 'second' });
    });
    expect(await screen.findByText('OK')).toBeInTheDocument();
    act(() => Dialog.clear());
    act(() => useSession.getState().setLocale('ms-MY'));
    act(() => {
      Dialog.alert({ content: 'third' });
    });
    expect(await screen.findByText('Faham')).toBeInTheDocument();
  });
});
