import type { UseMutationResult } from '@tanstack/react-query';
import { useMoneyAction } from '@/lib/money-action';
import { useAppNavigate } from '@/lib/navigation';
import { showToast } from '@/lib/toast';
import { useRefusals } from './use-refusals';

/**
 * Sends a binding; on success says `successText` and goes back to where the member came from,
 * on a refusal shows it under its field. It goes through the money flow without a confirm (a
 * withdrawal wallet decides where money goes): from the first tap until the server answered,
 * further taps send nothing.
 */
export function useBinding<TBody>(
  mutation: UseMutationResult<null, Error, TBody>,
  successText: string,
  /** An in-app page that sent the member here to bind first (`?redirect=`): where success returns to. */
  returnTo: string | null = null,
) {
  const { back, returnTo: goBackTo } = useAppNavigate();
  const refusals = useRefusals();
  const action = useMoneyAction(mutation);
  const bind = (body: TBody) =>
    action.start(
      () => {
        refusals.clear();
        return { body, confirm: null };
      },
      {
        onSuccess: () => {
          showToast(successText);
          if (returnTo) goBackTo(returnTo);
          else back();
        },
        onError: refusals.show,
      },
    );
  return { ...refusals, bind, pending: action.busy };
}
