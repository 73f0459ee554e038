import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from './dialog';

/**
 * What a member is about to do: the body sent, and what the confirm shows (none for a one-tap
 * action such as a claim). `prepare` returns null when there is nothing to send (a field is wrong,
 * a receiver was not found): the action ends there.
 */
export type MoneyIntent<B> = { body: B; confirm: ReactNode | null };

/** Nothing to send (false or null): a field is wrong, a receiver was not found. */
type Prepared<B> = MoneyIntent<B> | null | false;

type Handlers<A> = { onSuccess?: (answer: A) => void; onError?: (error: unknown) => void };

export type MoneyAction<B, A> = {
  /** True from the first tap until the server answered (or the member cancelled): show loading. */
  busy: boolean;
  /** True from the first tap on: the form's problems show from then on and follow every change. */
  tried: boolean;
  /** Runs one intent: prepare, one confirm, one call. Further taps while busy do nothing. */
  start: (prepare: () => Prepared<B> | Promise<Prepared<B>>, handlers?: Handlers<A>) => void;
};

/**
 * The one flow every form that moves money goes through. From the first tap the action is locked
 * (the button shows loading; further taps do nothing) until the server has answered; at most one
 * confirm is on screen (lib/dialog.ts); the call itself is the feature's mutation, whose
 * `withActionKey` gives one confirmed intent one Idempotency-Key, kept for its retries
 * (lib/action-key.ts). A confirm closes when the route changes or the back button is pressed.
 */
export function useMoneyAction<B, A>(
  mutation: Pick<UseMutationResult<A, unknown, B>, 'mutateAsync'>,
): MoneyAction<B, A> {
  const { t } = useTranslation();
  const locked = useRef(false);
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  const { mutateAsync } = mutation;

  const start = useCallback<MoneyAction<B, A>['start']>(
    (prepare, handlers = {}) => {
      setTried(true);
      if (locked.current) return;
      locked.current = true;
      setBusy(true);
      void (async () => {
        try {
          const intent = await prepare();
          if (!intent) return;
          if (intent.confirm !== null) {
            const confirmed = await confirmDialog({
              content: intent.confirm,
              confirmText: t('confirm'),
              cancelText: t('cancel'),
            });
            if (!confirmed) return;
          }
          let answer: A;
          try {
            answer = await mutateAsync(intent.body);
          } catch (error) {
            if (alive.current) handlers.onError?.(error);
            return;
          }
          if (alive.current) handlers.onSuccess?.(answer);
        } finally {
          locked.current = false;
          if (alive.current) setBusy(false);
        }
      })();
    },
    [mutateAsync, t],
  );

  return { busy, tried, start };
}
