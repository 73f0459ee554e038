import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { useAppNavigate } from '@/lib/navigation';
import './asset-card.css';

/** The ways from a USDT or BTC balance to withdrawing it and to its Withdrawal History. */
export function WithdrawActions({ asset, testIdPrefix }: { asset: 'USDT' | 'BTC'; testIdPrefix: string }) {
  const { t } = useTranslation();
  const { go } = useAppNavigate();
  return (
    <span className="withdraw-actions">
      <Button
        color="primary"
        fill="outline"
        size="small"
        shape="rounded"
        onClick={() => {
          go(paths.withdraw.href({ asset }));
        }}
        data-testid={`${testIdPrefix}-withdraw`}
      >
        {t('titleWithdraw')}
      </Button>
      <button
        type="button"
        className="plain-button withdraw-actions__history"
        onClick={() => go(paths.withdrawRecord.href({ asset }))}
        data-testid={`${testIdPrefix}-withdrawals`}
      >
        {t('titleWithdrawalHistory')}
      </button>
    </span>
  );
}
