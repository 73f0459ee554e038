import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countdownText, hasEnded } from '../lib/countdown';

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

type CountdownProps = { endsAt: string; onEnded: () => void };

/** Time left in the round, ticking every second; once over, it says the round is being settled. */
export function Countdown({ endsAt, onEnded }: CountdownProps) {
  const { t } = useTranslation();
  const now = useNow(1000);
  const ended = hasEnded(endsAt, now);
  useEffect(() => {
    if (ended) onEnded();
  }, [ended, onEnded]);
  return (
    <p className="pool-hero__countdown">
      <span>{t('poolEndsIn')}</span>
      {ended ? (
        <strong data-testid="pool-countdown">{t('poolSettling')}</strong>
      ) : (
        <time dateTime={endsAt} data-testid="pool-countdown">
          {countdownText(endsAt, now)}
        </time>
      )}
    </p>
  );
}
