import type { Withdrawal, WithdrawalEvent } from '@minecloud/contract/wallet';
import { WITHDRAWAL_STATE_TEXTS } from '@minecloud/contract/withdrawal-states';
import { Steps } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { AddressText } from '@/components/address-text';
import { formatLocalTime } from '@/lib/format-time';
import { useLocale } from '@/lib/locale';
import { isConfirming, PausedNote } from './withdrawal-item';
import { isPending, useStageName } from './withdrawal-names';
import './withdrawal-item.css';

/** A rejection, or a payout that failed on chain, is drawn as an error; every other stage happened. */
function stepStatus(event: WithdrawalEvent): 'finish' | 'error' {
  return event.stage === 'rejected' || event.stage === 'reverted' ? 'error' : 'finish';
}

/**
 * Each stage a withdrawal went through, with its time (and transaction), oldest first; then, while
 * it is on its way, where it stands now, named as the list names it (审核中, 审核通过，待出款, …).
 * The stage that ended an arrived or rejected one is named as the list names it too.
 */
export function WithdrawalTimeline({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const stageName = useStageName();
  const { state } = withdrawal;
  const waiting = isPending(state);
  return (
    <div className="withdrawal-timeline" data-testid="withdrawal-timeline">
      <Steps direction="vertical" current={withdrawal.timeline.length - (waiting ? 0 : 1)}>
        {withdrawal.timeline.map((event) => (
          <Steps.Step
            // A payout sent again repeats a stage, at another time.
            key={`${event.stage}-${event.at}`}
            status={stepStatus(event)}
            title={<span data-testid="timeline-stage">{stageName(event.stage)}</span>}
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
            status={state === 'paused' ? 'error' : 'wait'}
            title={
              <span data-testid="timeline-stage" data-current="true">
                {WITHDRAWAL_STATE_TEXTS[state][locale]}
              </span>
            }
            description={
              state === 'paused' ? (
                <PausedNote testId="timeline-paused" />
              ) : (
                isConfirming(withdrawal) && (
                  <span data-testid="timeline-confirmations">
                    {t('withdrawalConfirmations', {
                      n: withdrawal.confirmations,
                      total: withdrawal.requiredConfirmations,
                    })}
                  </span>
                )
              )
            }
          />
        )}
      </Steps>
    </div>
  );
}
