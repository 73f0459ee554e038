import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { copyText } from '@/lib/copy';
import type { ReferralPage } from '../api/get-invite-relation';
import { Figure, UnitAmount } from './figure';
import './invite-card.css';
import './team-card.css';

/** What inviting has earned the member, how many joined, and the invite link to share. */
export function InviteCard({ relation }: { relation: ReferralPage }) {
  const { t } = useTranslation();
  return (
    <section className="team-card team-card--hero" aria-labelledby="invite-card-title" data-testid="invite-card">
      <header className="team-card__head">
        <h2 id="invite-card-title" className="team-card__title">
          {t('teamInviteTitle')}
        </h2>
      </header>
      <p className="invite-card__label">{t('teamTotalReward')}</p>
      <p className="invite-card__reward">
        <UnitAmount value={relation.totalRewardU} testId="team-total-reward" />
      </p>
      <dl className="team-figures">
        <Figure label={t('teamDirectCount')}>
          <span data-testid="team-direct-count">{relation.directTotal}</span>
        </Figure>
        <Figure label={t('teamIndirectCount')}>
          <span data-testid="team-indirect-count">{relation.indirectTotal}</span>
        </Figure>
      </dl>
      <div className="invite-card__link">
        <div className="invite-card__link-text">
          <span className="invite-card__label">{t('teamInviteLink')}</span>
          {/* The link is copied whole by the button; the title shows it whole where it is cut. */}
          <span className="invite-card__url" title={relation.inviteLink || undefined} data-testid="invite-link">
            {relation.inviteLink || '--'}
          </span>
        </div>
        <Button
          color="primary"
          size="small"
          shape="rounded"
          onClick={() => void copyText(relation.inviteLink)}
          data-testid="invite-link-copy"
        >
          {t('teamCopy')}
        </Button>
      </div>
    </section>
  );
}
