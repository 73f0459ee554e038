import { WITHDRAW_QUICK_PERCENTS } from '@minecloud/contract/wallet';
import { useTranslation } from 'react-i18next';
import './withdraw-form.css';

type QuickAmountsProps = {
  onPick: (percent: number) => void;
  /** Each button gets `<testIdPrefix>-<percent>`. */
  testIdPrefix: string;
};

/** The spec's quick-select under the amount: 50%, 75% and All of the available balance. */
export function QuickAmounts({ onPick, testIdPrefix }: QuickAmountsProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="quick-amounts">
      <legend className="visually-hidden">{t('withdrawQuickSelect')}</legend>
      {WITHDRAW_QUICK_PERCENTS.map((percent) => (
        <button
          key={percent}
          type="button"
          className="plain-button quick-amounts__option"
          onClick={() => onPick(percent)}
          data-testid={`${testIdPrefix}-${percent}`}
        >
          {percent === 100 ? t('all') : `${percent}%`}
        </button>
      ))}
    </fieldset>
  );
}
