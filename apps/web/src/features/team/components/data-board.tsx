import { useTranslation } from 'react-i18next';
import { useBlackHole } from '@/api/get-black-hole';
import { usePoolPower } from '@/api/get-pool-power';
import { ErrorState } from '@/components/error-state';
import { hashRateText } from '@/lib/hash-rate-text';
import { Figure, PendingValue } from './figure';
import './data-board.css';
import './team-card.css';

function HashRate({ value, testId }: { value: string; testId: string }) {
  return (
    <>
      <span data-testid={testId}>{hashRateText(value)}</span>
      <small>TH/s</small>
    </>
  );
}

/** The data board: the network's live hash rate and miners, and the hash rate burned into the black hole. */
export function DataBoard() {
  const { t } = useTranslation();
  const pool = usePoolPower();
  const blackHole = useBlackHole();
  let body: React.ReactNode;
  if (pool.isError || blackHole.isError) {
    body = (
      <ErrorState
        message={t('teamDataBoardFailed')}
        onRetry={() => {
          if (pool.isError) void pool.refetch();
          if (blackHole.isError) void blackHole.refetch();
        }}
        testId="data-board-error"
      />
    );
  } else {
    // While loading, the same figures with their labels and a bar for each value: nothing moves when
    // the values come.
    const ready = pool.data && blackHole.data ? { pool: pool.data, blackHole: blackHole.data } : null;
    body = (
      <>
        <dl className="team-figures" aria-busy={ready ? undefined : true}>
          <Figure label={t('miningPoolPower')}>
            {ready ? <HashRate value={ready.pool.totalHashRate} testId="board-total-hash-rate" /> : <PendingValue />}
          </Figure>
          <Figure label={t('teamMinersMining')}>
            {ready ? <span data-testid="board-miners">{ready.pool.miners}</span> : <PendingValue />}
          </Figure>
        </dl>
        <div className="data-board__hole">
          <span className="data-board__disc" aria-hidden="true" />
          <dl className="team-figures">
            <Figure label={t('powerBurnedTotal')}>
              {ready ? <HashRate value={ready.blackHole.burnedHashRate} testId="board-burned" /> : <PendingValue />}
            </Figure>
            <Figure label={t('powerBurnedToday')}>
              {ready ? <HashRate value={ready.blackHole.burnedToday} testId="board-burned-today" /> : <PendingValue />}
            </Figure>
          </dl>
        </div>
      </>
    );
  }
  return (
    <section className="team-card" aria-labelledby="data-board-title" data-testid="data-board">
      <header className="team-card__head">
        <h2 id="data-board-title" className="team-card__title">
          {t('teamDataBoardTitle')}
        </h2>
      </header>
      {body}
    </section>
  );
}
