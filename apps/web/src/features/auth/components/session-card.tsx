import type { Identity } from '@minecloud/contract/auth';
import { Button, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useUser } from '@/api/get-user';
import { AddressText } from '@/components/address-text';
import { Amount } from '@/components/amount';
import { Icon, type IconName } from '@/components/icons';
import { type AppRoute, paths } from '@/config/paths';
import type { MessageKey } from '@/i18n/i18n';
import { useAppNavigate } from '@/lib/navigation';
import { useSession } from '@/lib/session';
import './session-card.css';

const IDENTITY_KEYS: Record<Identity, MessageKey> = {
  guest: 'identityGuest',
  regular: 'identityRegular',
  silver: 'identitySilver',
  gold: 'identityGold',
};

/** What the balance card leads with, in this order: money in, money out, money to another member. */
const ACTIONS: { name: string; route: AppRoute; icon: IconName }[] = [
  { name: 'top-up', route: paths.topUp, icon: 'topUp' },
  { name: 'withdraw', route: paths.withdraw, icon: 'send' },
  { name: 'gift', route: paths.transform, icon: 'gift' },
];

/**
 * The home tab's balance card: for a visitor the way to connect; for a member top-up, withdraw and
 * gift first, then the connected address and the available balances (sign-out is in settings).
 */
export function SessionCard() {
  const { t } = useTranslation();
  const location = useLocation();
  const { go } = useAppNavigate();
  const token = useSession((state) => state.token);
  const address = useSession((state) => state.address);
  const user = useUser();

  if (!token) {
    return (
      <section className="session-card" data-testid="session-card">
        <p className="session-card__hint">{t('homeGuestHint')}</p>
        <Button
          color="primary"
          block
          onClick={() => {
            go(paths.login.href({ redirect: `${location.pathname}${location.search}` }));
          }}
          data-testid="home-sign-in"
        >
          {t('homeSignIn')}
        </Button>
      </section>
    );
  }

  const identity = user.data?.identity;
  return (
    <section className="session-card session-card--signed-in" data-testid="session-card">
      <div className="session-card__actions">
        {ACTIONS.map((action) => (
          <button
            key={action.name}
            type="button"
            className="plain-button session-card__action"
            onClick={() => go(action.route.href())}
            data-testid={`home-action-${action.name}`}
          >
            <span className="session-card__action-icon">
              <Icon name={action.icon} size={20} />
            </span>
            {action.route.titleKey && t(action.route.titleKey)}
          </button>
        ))}
      </div>
      <div className="session-card__row">
        <AddressText address={address} className="session-card__address" testId="home-address" />
        {identity && (
          <Tag color="primary" fill="outline" data-testid="home-identity">
            {t(IDENTITY_KEYS[identity])}
          </Tag>
        )}
      </div>
      {user.data && (
        <>
          {/* The user record carries available balances: the same figures as the asset cards' 可用. */}
          <p className="session-card__balances-title">{t('availableBalance')}</p>
          <dl className="session-card__balances">
            <div>
              <dt>{t('balanceGold')}</dt>
              <dd>
                <Amount value={user.data.balances.GOLD} asset="GOLD" testId="home-balance-gold" />
              </dd>
            </div>
            <div>
              <dt>USDT</dt>
              <dd>
                <Amount value={user.data.balances.USDT} asset="USDT" testId="home-balance-usdt" />
              </dd>
            </div>
            <div>
              <dt>BTC</dt>
              <dd>
                <Amount value={user.data.balances.BTC} asset="BTC" testId="home-balance-btc" />
              </dd>
            </div>
          </dl>
        </>
      )}
    </section>
  );
}
