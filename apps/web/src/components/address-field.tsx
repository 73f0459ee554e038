import { useTranslation } from 'react-i18next';
import { ADDRESS_LENGTH } from '@/lib/binding-checks';
import { MoneyField } from './money-field';
import './address-field.css';

type AddressFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  testId: string;
  previewTestId: string;
};

/** An EVM address input; under it the whole address, wrapped, to check against the wallet (the box shows only its start). */
export function AddressField({ id, label, value, onChange, error, testId, previewTestId }: AddressFieldProps) {
  const { t } = useTranslation();
  return (
    <MoneyField
      id={id}
      label={label}
      value={value}
      onChange={onChange}
      placeholder={t('walletAddressPlaceholder')}
      inputMode="text"
      maxLength={ADDRESS_LENGTH}
      error={error}
      meta={
        value.trim() && (
          <span className="address-preview" data-testid={previewTestId}>
            {value.trim()}
          </span>
        )
      }
      testId={testId}
    />
  );
}
