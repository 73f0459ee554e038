import { shortenAddress } from '@minecloud/contract/address';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icons';
import { copyText } from '@/lib/copy';
import type { UserInfo } from '@/lib/session';
import './member-id-card.css';

/** The member's own ID (gifts go by ID, so members share it) and shortened address. */
export function MemberIdCard({ user }: { user: UserInfo | undefined }) {
  const { t } = useTranslation();
  return (
    <section className="member-id-card" data-testid="member-id-card">
      <div className="member-id-card__id">
        <span className="member-id-card__label">{t('memberId')}</span>
        <button
          type="button"
          className="plain-button member-id-card__value"
          onClick={() => void copyText(user?.id)}
          aria-label={t('copyMemberId', { id: user?.id ?? '--' })}
          disabled={!user}
        >
          <span data-testid="member-id">{user?.id ?? '--'}</span>
          <Icon name="copy" size={14} />
        </button>
      </div>
      <span className="member-id-card__address" title={user?.address}>
        {user ? shortenAddress(user.address) : ''}
      </span>
    </section>
  );
}
