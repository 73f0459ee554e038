import type { Locale } from '@minecloud/contract/locales';
import { act, render, screen } from '@testing-library/react';
import { Dialog, useConfig } from 'antd-mobile';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '@/i18n/i18n';
import { antdTexts } from '@/lib/antd-locale';
import { useSession } from '@/lib/session';
import { AntdLocale } from './antd-locale';

/** Switches language as the language page does: texts first, then the session. */
async function switchTo(locale: Locale) {
  await act(async () => {
    await changeLocale(locale);
    useSession.getState().setLocale(locale);
  });
}

function ConfirmText() {
  return <p data-testid="confirm">{useConfig().locale.common.confirm}</p>;
}

describe("antd-mobile's own texts", () => {
  afterEach(async () => {
    Dialog.clear();
    await switchTo('zh-CN');
  });

  it('follow the interface language, in imperative dialogs too', async () => {
    render(<AntdLocale>page</AntdLocale>);
    act(() => {
      Dialog.alert({ content: 'first' });
    });
    expect(await screen.findByText('我知道了')).toBeInTheDocument();
    act(() => Dialog.clear());
    await switchTo('en');
    act(() => {
      Dialog.alert({ content: 'second' });
    });
    expect(await screen.findByText('OK')).toBeInTheDocument();
    act(() => Dialog.clear());
    await switchTo('ms-MY');
    act(() => {
      Dialog.alert({ content: 'third' });
    });
    expect(await screen.findByText('Faham')).toBeInTheDocument();
  });

  it('loads a language’s texts with it, and catches up when the language is set before they are there', async () => {
    expect(antdTexts('ko-KR')).toBeUndefined();
    render(
      <AntdLocale>
        <ConfirmText />
      </AntdLocale>,
    );
    expect(screen.getByTestId('confirm')).toHaveTextContent('确定');
    act(() => useSession.getState().setLocale('ko-KR'));
    expect(await screen.findByText('확인')).toBeInTheDocument();
    expect(antdTexts('ko-KR')).toBeDefined();
    await switchTo('zh-TW');
    expect(screen.getByTestId('confirm')).toHaveTextContent('確定');
  });
});
