import type { Referral } from '@minecloud/contract/team';
import { useTranslation } from 'react-i18next';
import { useMoneyText } from '@/lib/money-text';
import { IDENTITY_NAMES } from '../lib/identity';
import './referral-item.css';

/** One referral: shortened address (as the server sends it), level, department, and what it earned the member. */
export function ReferralItem({ referral }: { referral: Referral }) {
  const { t } = useTranslation();
  const money = useMoneyText();
  return (
    <div className="referral">
      <div className="referral__who">
        <span className="referral__address" data-testid="referral-address">
          {referral.address}
        </span>
        <span className="referral__tags">
          <span className={`referral__identity referral__identity--${referral.identity}`} data-testid="referral-level">
            {t(IDENTITY_NAMES[referral.identity])}
          </span>
          {referral.department !== null && (
            <span className="referral__department" data-testid="referral-department">
              {t('teamDepartmentN', { n: referral.department })}
            </span>
          )}
        </span>
      </div>
      <div className="referral__reward">
        <span className="referral__reward-label">{t('teamDynamicReward')}</span>
        <strong data-testid="referral-reward">{money(referral.rewardU)} U</strong>
      </div>
    </div>
  );
}
