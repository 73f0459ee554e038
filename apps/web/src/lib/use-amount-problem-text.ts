import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@/i18n/i18n';
import type { AmountProblem } from './amount-check';

/** The message under an amount field; `requiredKey` lets a form word the empty case its own way. */
export function useAmountProblemText(requiredKey: MessageKey = 'amountRequired'): (problem: AmountProblem) => string {
  const { t } = useTranslation();
  return (problem) => {
    switch (problem.reason) {
      case 'required':
        return t(requiredKey);
      case 'invalid':
        return t('amountInvalid');
      case 'notPositive':
        return t('amountNotPositive');
      case 'tooManyDecimals':
        return t('amountTooManyDecimals', { p: problem.places });
      case 'insufficient':
        return t('amountInsufficient');
    }
  };
}
