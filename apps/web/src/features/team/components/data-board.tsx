import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useBlackHole } from '@/api/get-black-hole';
import { usePoolPower } from '@/api/get-pool-power';
import { ErrorState } from '@/components/error-state';
import { hashRateText } from '@/lib/hash-rate-text';
import { Figure } from './figure';
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
  } else if (!pool.data || !blackHole.data) {
    body = <Skeleton.Paragraph lineCount={3} animated />;
  } else {
    body = (
      <>
        <dl className="team-figures">
          <Figure label={t('miningPoolPower')}>
            <HashRate value={pool.data.totalHashRate} testId="board-total-hash-rate" />
          </Figure>
          <Figure label={t('teamMinersMining')}>
            <span data-testid="board-miners">{pool.data.miners}</span>
          </Figure>
        </dl>
        <div className="data-board__hole">
          <span className="data-board__disc" aria-hidden="true" />
          <dl className="team-figures">
            <Figure label={t('powerBurnedTotal')}>
              <HashRate value={blackHole.data.burnedHashRate} testId="board-burned" />
            </Figure>
            <Figure label={t('powerBurnedToday')}>
              <HashRate value={blackHole.data.burnedToday} testId="board-burned-today" />
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
