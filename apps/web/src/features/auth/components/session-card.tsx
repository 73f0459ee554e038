import type { Identity } from '@minecloud/contract/auth';
import { Button, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useUser } from '@/api/get-user';
import { AddressText } from '@/components/address-text';
import { Amount } from '@/components/amount';
import { paths } from '@/config/paths';
import type { MessageKey } from '@/i18n/i18n';
import { useAppNavigate } from '@/lib/navigation';
import { useSession } from '@/lib/session';
import { useDisconnect } from '../lib/use-disconnect';
import './session-card.css';

const IDENTITY_KEYS: Record<Identity, MessageKey> = {
  guest: 'identityGuest',
  regular: 'identityRegular',
  silver: 'identitySilver',
  gold: 'identityGold',
};

/** The home tab's sign-in state: connect, or the connected address and a way to disconnect. */
export function SessionCard() {
  const { t } = useTranslation();
  const location = useLocation();
  const { go } = useAppNavigate();
  const token = useSession((state) => state.token);
  const address = useSession((state) => state.address);
  const user = useUser();
  const { disconnect, pending } = useDisconnect();

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
      <div className="session-card__row">
        <AddressText address={address} className="session-card__address" testId="home-address" />
        {identity && (
          <Tag color="primary" fill="outline" data-testid="home-identity">
            {t(IDENTITY_KEYS[identity])}
          </Tag>
        )}
      </div>
      <Button fill="outline" size="small" loading={pending} onClick={() => void disconnect()} data-testid="sign-out">
        {t('homeSignOut')}
      </Button>
      {user.data && (
        <dl className="session-card__balances">
          <div>
            <dt>{t('balanceGold')}</dt>
            <dd>
              <Amount value={user.data.balances.GOLD} testId="home-balance-gold" />
            </dd>
          </div>
          <div>
            <dt>USDT</dt>
            <dd>
              <Amount value={user.data.balances.USDT} testId="home-balance-usdt" />
            </dd>
          </div>
          <div>
            <dt>BTC</dt>
            <dd>
              <Amount value={user.data.balances.BTC} testId="home-balance-btc" />
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}
