import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@/i18n/i18n';
import type { QuantityNote } from '@/lib/quantity';

/** The message of each reason a purchase check gives: a key, or the words of a problem that carries a figure. */
export type ProblemWords<P extends { reason: string }> = {
  [R in P['reason']]: MessageKey | ((problem: Extract<P, { reason: R }>) => string);
};

/** The message under a purchase form's field, for every problem its check returns (checked by the types). */
export function useProblemText<P extends { reason: string }>(words: ProblemWords<P>): (problem: P) => string {
  const { t } = useTranslation();
  return (problem) => {
    // The problem has the reason its words were written for (the mapped type above).
    const word = words[problem.reason as P['reason']] as MessageKey | ((problem: P) => string);
    return typeof word === 'function' ? word(problem) : t(word);
  };
}

/** Why a quantity stops where it does: what is left (`leftKey`, in the screen's words), or what the balance pays. */
export function useLimitText(leftKey: MessageKey): (note: QuantityNote) => string {
  const { t } = useTranslation();
  return (note) => {
    switch (note.reason) {
      case 'stock':
        return t(leftKey, { n: note.max });
      case 'balance':
        return t('quantityBalanceLimit', { n: note.max });
      case 'unaffordable':
        return t('amountInsufficient');
    }
  };
}
