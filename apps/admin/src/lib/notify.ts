import { ERROR_CODES } from '@minecloud/contract/errors';
import { App } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api.ts';

/** The text to show for a failed call: the server's localized message, or a generic one. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.msg) return error.msg;
  return fallback;
}

export function useNotify(): { success(text: string): void; error(error: unknown): void } {
  const { message } = App.useApp();
  const { t } = useTranslation();
  return useMemo(
    () => ({
      success(text: string) {
        message.success(text);
      },
      error(error: unknown) {
        // A session that ended goes back to sign-in, which says so itself.
        if (error instanceof ApiError && error.status === 401 && error.code === ERROR_CODES.unauthorized) return;
        message.error(errorText(error, t('common:requestFailed')));
      },
    }),
    [message, t],
  );
}
