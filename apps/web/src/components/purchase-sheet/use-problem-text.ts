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

/** The words of a purchase screen's limits, in its unit (台 for miners, 股 for shares). */
export type LimitWords = {
  /** What is left: "only n left". */
  left: MessageKey;
  /** What the balance pays for. */
  balance: MessageKey;
  /** n of the unit ("9 台"), said when a typed quantity was brought down. */
  units: MessageKey;
};

/**
 * Why a quantity stops where it does: what is left, or what the balance pays, in the screen's
 * unit; when the member typed more and the box was brought down, it says so first ("已将 99999999
 * 改为 9 台：…"), so no number changes in silence.
 */
export function useLimitText(words: LimitWords): (note: QuantityNote, typed?: string | null) => string {
  const { t } = useTranslation();
  return (note, typed) => {
    if (note.reason === 'unaffordable') return t('amountInsufficient');
    const why = t(note.reason === 'stock' ? words.left : words.balance, { count: note.max });
    if (!typed) return why;
    return t('quantityClamped', { typed, units: t(words.units, { count: note.max }), why });
  };
}
