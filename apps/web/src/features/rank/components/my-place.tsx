import { useTranslation } from 'react-i18next';
import { RankRow } from './rank-row';
import './my-place.css';

type MyPlaceProps = {
  /** The reader's own place, null when they are not ranked; undefined while the ranking loads. */
  mine: { rank: number; address: string; value: string } | null | undefined;
};

/** The reader's own place, pinned above the ranking. */
export function MyPlace({ mine }: MyPlaceProps) {
  const { t } = useTranslation();
  let body: React.ReactNode;
  if (mine === undefined) body = <div className="my-place__line">…</div>;
  else if (mine === null) {
    body = (
      <div className="my-place__line" data-testid="my-place-none">
        {t('rankNotRanked')}
      </div>
    );
  } else body = <RankRow rank={mine.rank} address={mine.address} value={mine.value} testId="my-place-row" />;
  return (
    <section className="my-place" aria-label={t('rankMyPlace')} data-testid="my-place">
      <span className="my-place__label">{t('rankMyPlace')}</span>
      {body}
    </section>
  );
}
