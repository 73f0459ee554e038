import { ERROR_CODES } from '@minecloud/contract/errors';
import { App } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api';

/** The text to show for a failed call: the server's localized message, or a generic one. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.msg) return error.msg;
  return fallback;
}

export type Notify = {
  success(text: string): void;
  error(error: unknown): void;
  /** A mutation's callbacks: on success say `text`, then `then()`; on failure say why. */
  done(text: string, then: () => void): { onSuccess: () => void; onError: (error: unknown) => void };
};

export function useNotify(): Notify {
  const { message } = App.useApp();
  const { t } = useTranslation();
  return useMemo(() => {
    const notify: Notify = {
      success(text: string) {
        message.success(text);
      },
      error(error: unknown) {
        // A session that ended goes back to sign-in, which says so itself.
        if (error instanceof ApiError && error.status === 401 && error.code === ERROR_CODES.unauthorized) return;
        message.error(errorText(error, t('common:requestFailed')));
      },
      done(text: string, then: () => void) {
        return {
          onSuccess: () => {
            notify.success(text);
            then();
          },
          onError: notify.error,
        };
      },
    };
    return notify;
  }, [message, t]);
}
