import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadFeatureMessages } from '@/i18n/i18n';
import { ADDRESS_LENGTH } from '@/lib/binding-checks';
import { Icon } from './icons';
import { MoneyField } from './money-field';
import './address-field.css';

// The scanner (camera, QR code reader, its texts) loads on the first tap of scan, never with the page.
const QrScanner = lazy(() =>
  Promise.all([import('./qr-scanner'), loadFeatureMessages('walletTools')]).then(([module]) => module),
);

type AddressFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  testId: string;
  previewTestId: string;
  /** The chain a scanned address must be for (the basic config's); scanning waits until it is known. */
  chainId: number | undefined;
};

/**
 * An EVM address input, typed or scanned from a QR code; under it the whole address, wrapped, to
 * check against the wallet (the box shows only its start). A scanned address is checked as a typed
 * one is (scanned-address.ts), and the form checks it again on submit.
 */
export function AddressField({ id, label, value, onChange, error, testId, previewTestId, chainId }: AddressFieldProps) {
  const { t } = useTranslation();
  const [scanning, setScanning] = useState(false);
  return (
    <>
      <MoneyField
        id={id}
        label={label}
        value={value}
        onChange={onChange}
        placeholder={t('walletAddressPlaceholder')}
        inputMode="text"
        maxLength={ADDRESS_LENGTH}
        error={error}
        suffix={
          <button
            type="button"
            className="plain-button address-field__scan"
            onClick={() => setScanning(true)}
            aria-label={t('scanAddress')}
            data-testid={`${testId}-scan`}
          >
            <Icon name="scan" size={20} />
          </button>
        }
        meta={
          value.trim() && (
            <span className="address-preview" data-testid={previewTestId}>
              {value.trim()}
            </span>
          )
        }
        testId={testId}
      />
      {scanning && chainId !== undefined && (
        <Suspense fallback={null}>
          <QrScanner
            chainId={chainId}
            onAddress={onChange}
            onClose={() => setScanning(false)}
            testId={`${testId}-scanner`}
          />
        </Suspense>
      )}
    </>
  );
}
