import type { WithdrawalStage, WithdrawalStatus } from '@minecloud/contract/wallet';
import type { MessageKey } from '@/i18n/i18n';

/** The spec's names of a withdrawal's state: 审核中, 审核失败, 已到账. */
export const WITHDRAWAL_STATUS_NAMES: Record<WithdrawalStatus, MessageKey> = {
  processing: 'withdrawStatusProcessing',
  failed: 'withdrawStatusFailed',
  arrived: 'withdrawStatusArrived',
};

export const WITHDRAWAL_STAGE_NAMES: Record<WithdrawalStage, MessageKey> = {
  submitted: 'withdrawStageSubmitted',
  approved: 'withdrawStageApproved',
  secondApproved: 'withdrawStageSecondApproved',
  sent: 'withdrawStageSent',
  reverted: 'withdrawStageReverted',
  confirmed: 'withdrawStageConfirmed',
  rejected: 'withdrawStageRejected',
};
