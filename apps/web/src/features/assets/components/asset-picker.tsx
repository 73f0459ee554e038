import type { Asset } from '@minecloud/contract/amount';
import { useAssetName } from './use-asset-name';
import '@/components/money-field.css';
import './money-form.css';

type AssetPickerProps = {
  label: string;
  assets: Asset[];
  value: Asset;
  onChange: (asset: Asset) => void;
  testId: string;
};

/** One button per allowed asset; the chosen one is highlighted. */
export function AssetPicker({ label, assets, value, onChange, testId }: AssetPickerProps) {
  const assetName = useAssetName();
  return (
    <fieldset className="money-field money-field--plain">
      <legend className="money-field__label">{label}</legend>
      <div className="asset-picker" data-testid={testId}>
        {assets.map((asset) => (
          <button
            key={asset}
            type="button"
            className={`plain-button asset-picker__option${asset === value ? ' is-selected' : ''}`}
            aria-pressed={asset === value}
            onClick={() => onChange(asset)}
            data-testid={`${testId}-${asset}`}
          >
            {assetName(asset)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
