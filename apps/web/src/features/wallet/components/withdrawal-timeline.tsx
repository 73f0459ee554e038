import type { Withdrawal, WithdrawalEvent } from '@minecloud/contract/wallet';
import { Steps } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { AddressText } from '@/components/address-text';
import { formatLocalTime } from '@/lib/format-time';
import { isConfirming } from './withdrawal-item';
import { WITHDRAWAL_STAGE_NAMES } from './withdrawal-names';
import './withdrawal-item.css';

/** A rejection, or a payout that failed on chain, is drawn as an error; every other stage happened. */
function stepStatus(event: WithdrawalEvent): 'finish' | 'error' {
  return event.stage === 'rejected' || event.stage === 'reverted' ? 'error' : 'finish';
}

/** Each stage a withdrawal went through, with its time (and transaction), oldest first; then what it waits for. */
export function WithdrawalTimeline({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation();
  const waiting = withdrawal.status === 'processing';
  return (
    <div className="withdrawal-timeline" data-testid="withdrawal-timeline">
      <Steps direction="vertical" current={withdrawal.timeline.length - (waiting ? 0 : 1)}>
        {withdrawal.timeline.map((event) => (
          <Steps.Step
            // A payout sent again repeats a stage, at another time.
            key={`${event.stage}-${event.at}`}
            status={stepStatus(event)}
            title={<span data-testid="timeline-stage">{t(WITHDRAWAL_STAGE_NAMES[event.stage])}</span>}
            description={
              <span className="withdrawal-timeline__detail">
                <time dateTime={event.at} data-testid="timeline-time">
                  {formatLocalTime(event.at)}
                </time>
                {event.txHash && <AddressText address={event.txHash} testId="timeline-tx" />}
              </span>
            }
          />
        ))}
        {waiting && (
          <Steps.Step
            status="wait"
            title={<span data-testid="timeline-stage">{t('withdrawStageAwaiting')}</span>}
            description={
              isConfirming(withdrawal) && (
                <span data-testid="timeline-confirmations">
                  {t('withdrawalConfirmations', {
                    n: withdrawal.confirmations,
                    total: withdrawal.requiredConfirmations,
                  })}
                </span>
              )
            }
          />
        )}
      </Steps>
    </div>
  );
}
