import type { UseMutationResult } from '@tanstack/react-query';
import { useAppNavigate } from '@/lib/navigation';
import { showToast } from '@/lib/toast';
import { useRefusals } from './use-refusals';

/**
 * Sends a binding; on success says `successText` and goes back to where the member came from,
 * on a refusal shows it under its field.
 */
export function useBinding<TBody>(mutation: UseMutationResult<null, Error, TBody>, successText: string) {
  const { back } = useAppNavigate();
  const refusals = useRefusals();
  const bind = (body: TBody) => {
    refusals.clear();
    mutation.mutate(body, {
      onSuccess: () => {
        showToast(successText);
        back();
      },
      onError: refusals.show,
    });
  };
  return { ...refusals, bind, pending: mutation.isPending };
}
