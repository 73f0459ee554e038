import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { MessageKey } from '@/i18n/i18n';
import type { AmountProblem } from './amount-check';
import { apiErrorText } from './api-error-text';
import { type MoneyIntent, useMoneyAction } from './money-action';
import { isApiError } from './request';
import { useAmountProblemText } from './use-amount-problem-text';

/** Where a server refusal shows: under one of the form's fields, or above its button (`form`). */
export type RefusalSlot = string;

/**
 * What a money form declares (docs/architecture.md, "Money forms in the member app"): its values
 * when it opens, the call that moves the money, and where the server's refusals of that call show.
 */
export type MoneyFormSpec<V extends Record<string, unknown>, B, A, S extends RefusalSlot> = {
  initial: V | (() => V);
  mutation: Pick<UseMutationResult<A, unknown, B>, 'mutateAsync'>;
  /**
   * The slot each error code of the call shows in; any other refusal of the call shows in `form`.
   * Without a map the call's refusals are not the form's (postMoney shows them as a toast).
   */
  refusals?: ReadonlyMap<number, Exclude<S, 'form'>>;
  /**
   * What an edit forgets: `all` the refusals (they were about the values sent, and a new submit
   * forgets them too), or `own` only the one under the edited field.
   */
  forget?: 'all' | 'own';
  /** Refusals hold for this scope (the withdraw form's asset): under another, none shows. */
  scope?: string;
  /** How the form words an empty amount (default `amountRequired`). */
  amountRequired?: MessageKey;
};

/** What a form's amount check answers (lib/amount-check.ts, or a form's own with more reasons). */
type Checked = { ok: true } | { ok: false; reason: string };

type Refused<S extends RefusalSlot> = Partial<Record<S | 'form', string>>;

export type MoneyForm<V extends Record<string, unknown>, B, A, S extends RefusalSlot> = {
  values: V;
  /** Changes one value (what an input's onChange calls), forgetting the refusals it made stale. */
  set: <K extends keyof V & string>(key: K, value: V[K]) => void;
  /** True from the first submit until a reset: the app's own problems show from then on. */
  tried: boolean;
  /** True while an intent runs (lookup, confirm, call): the button shows loading. */
  busy: boolean;
  /** The server's refusals that hold now, by slot. */
  refused: Refused<S>;
  /** Shows `slot`'s refusal in place: a lookup's answer (an unknown receiver) rather than the call's. */
  refuse: (slot: S | 'form', message: string) => void;
  /** The message under a field: the server's refusal first, else the app's own problem once tried. */
  message: (slot: S, problem: string | null | undefined) => string | null;
  /**
   * The message under the amount field (slot `amount`): the amount rule's text of the check's
   * problem, or the form's own (`own`) for a reason only it has (the withdraw minimum).
   */
  amount: <C extends Checked>(checked: C, own?: (problem: Extract<C, { ok: false }>) => string | null) => string | null;
  /**
   * Runs the form's one intent through useMoneyAction. `ready` is what the checks passed (the
   * checked amount), or false when a field is wrong: then nothing is prepared. `prepare` gives the
   * body and what the confirm says, or null to stop there (a receiver not found).
   */
  submit: <R>(
    ready: R | false,
    prepare: (ready: R) => MoneyIntent<B> | null | Promise<MoneyIntent<B> | null>,
    onSuccess: (answer: A) => void,
  ) => void;
  /** Sets the given values (the rest stay, as an asset picked), and forgets tries and refusals. */
  reset: (values: Partial<V>) => void;
  /** A field's value and change handler, for an input's props. */
  field: <K extends keyof V & string>(key: K) => { value: V[K]; onChange: (value: V[K]) => void };
};

/**
 * The one money form: values, when their problems show, the server's refusals in place, and the
 * call through useMoneyAction (one confirm per intent, taps while busy ignored, one key for the
 * retries of the same intent: lib/action-key.ts). A page declares its fields and checks, and what
 * its confirm says and its success does.
 */
export function useMoneyForm<V extends Record<string, unknown>, B, A, S extends RefusalSlot = 'form'>(
  spec: MoneyFormSpec<V, B, A, S>,
): MoneyForm<V, B, A, S> {
  const { refusals, forget = 'all', scope = '' } = spec;
  const action = useMoneyAction(spec.mutation);
  const amountProblemText = useAmountProblemText(spec.amountRequired);
  const [values, setValues] = useState<V>(spec.initial);
  // Problems show once the member has tried to send, then follow every keystroke.
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<{ scope: string; slots: Refused<S> }>({ scope, slots: {} });
  const refused: Refused<S> = refusal.scope === scope ? refusal.slots : {};
  // A refusal is about the scope of the submit it answers (the closure's), not of a later render.
  const refuse = (slot: S | 'form', message: string) =>
    setRefusal((previous) => ({
      scope,
      slots: { ...(previous.scope === scope ? previous.slots : {}), [slot]: message } as Refused<S>,
    }));

  const set: MoneyForm<V, B, A, S>['set'] = (key, value) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    if (forget === 'all') setRefusal({ scope, slots: {} });
    else if (key in refused) setRefusal({ scope, slots: { ...refused, [key]: undefined } });
  };

  const submit: MoneyForm<V, B, A, S>['submit'] = (ready, prepare, onSuccess) => {
    setTried(true);
    const sentScope = scope;
    action.start(
      () => {
        if (forget === 'all') setRefusal({ scope: sentScope, slots: {} });
        return ready !== false && prepare(ready);
      },
      {
        onSuccess,
        // The server's refusal shows where it is about (a wrong code under the code).
        onError: refusals
          ? (error) => {
              const slot = (isApiError(error) && refusals.get(error.code)) || 'form';
              setRefusal({ scope: sentScope, slots: { [slot]: apiErrorText(error) } as Refused<S> });
            }
          : undefined,
      },
    );
  };

  const message = (slot: S, problem: string | null | undefined) => refused[slot] ?? (tried && problem ? problem : null);

  return {
    values,
    set,
    tried,
    busy: action.busy,
    refused,
    refuse,
    message,
    // Every reason of a form's own check that `own` leaves is one of the amount rule's.
    amount: (checked, own) =>
      message(
        'amount' as S,
        checked.ok
          ? null
          : (own?.(checked as Extract<typeof checked, { ok: false }>) ??
              amountProblemText(checked as unknown as AmountProblem)),
      ),
    submit,
    reset: (next) => {
      setValues((previous) => ({ ...previous, ...next }));
      setTried(false);
      setRefusal({ scope, slots: {} });
    },
    field: (key) => ({ value: values[key], onChange: (value) => set(key, value) }),
  };
}
