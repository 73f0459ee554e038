import type { WithdrawalStage } from '@minecloud/contract/wallet';
import { WITHDRAWAL_STATE_TEXTS, type WithdrawalState } from '@minecloud/contract/withdrawal-states';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@/i18n/i18n';
import { useLocale } from '@/lib/locale';

/** The stages that end a withdrawal are named by the state they leave it in, as the list names it. */
const FINAL_STAGES = { confirmed: 'arrived', rejected: 'rejected' } as const satisfies Partial<
  Record<WithdrawalStage, WithdrawalState>
>;

/** The other stages a withdrawal goes through, as its timeline names them (with their times). */
const STAGE_NAMES: Record<Exclude<WithdrawalStage, keyof typeof FINAL_STAGES>, MessageKey> = {
  submitted: 'withdrawStageSubmitted',
  approved: 'withdrawStageApproved',
  secondApproved: 'withdrawStageSecondApproved',
  sent: 'withdrawStageSent',
  reverted: 'withdrawStageReverted',
};

/** The name of a timeline stage in the interface language. */
export function useStageName(): (stage: WithdrawalStage) => string {
  const { t } = useTranslation();
  const locale = useLocale();
  return (stage) =>
    stage === 'confirmed' || stage === 'rejected'
      ? WITHDRAWAL_STATE_TEXTS[FINAL_STAGES[stage]][locale]
      : t(STAGE_NAMES[stage]);
}

/** A withdrawal still on its way (nothing more will happen to an arrived or rejected one). */
export function isPending(state: WithdrawalState): boolean {
  return state !== 'arrived' && state !== 'rejected';
}
