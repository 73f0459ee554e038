import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TabSwitch } from '@/components/tab-switch';
import TopUpPage from '@/features/assets/pages/top-up-page';
import { DepositSection } from '@/features/wallet/components/deposit-section';
import './top-up-route.css';

const METHODS = ['gold', 'chain'] as const;
type Method = (typeof METHODS)[number];

/**
 * Top-up: gold coins bought with USDT (features/assets), or a deposit on chain (features/wallet)
 * with `?tab=chain`; the route puts the two side by side so neither feature imports the other.
 */
export default function TopUpRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const method: Method = params.get('tab') === 'chain' ? 'chain' : 'gold';
  return (
    <div className="top-up-route">
      <TabSwitch
        options={[
          { value: 'gold', label: t('topUpTabGold') },
          { value: 'chain', label: t('topUpTabChain') },
        ]}
        value={method}
        onChange={(value) => setParams(value === 'gold' ? {} : { tab: value }, { replace: true })}
        label={t('topUpMethod')}
        testIdPrefix="topup-tab"
      />
      {method === 'gold' ? <TopUpPage /> : <DepositSection />}
    </div>
  );
}
