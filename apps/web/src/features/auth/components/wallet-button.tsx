import { lazy, Suspense, useEffect } from 'react';
import { Icon } from '@/components/icons';

// Its spinner animates with react-spring (~17 KB gzip): loaded when the page is idle, not with it.
const loadSpinLoading = () => import('./spin-loading');
const SpinLoading = lazy(loadSpinLoading);

type WalletButtonProps = {
  testId: string;
  name: string;
  icon?: string | null;
  note?: string;
  loading: boolean;
  disabled: boolean;
  onClick: () => void;
};

export function WalletButton({ testId, name, icon, note, loading, disabled, onClick }: WalletButtonProps) {
  useEffect(() => {
    const id = setTimeout(() => void loadSpinLoading().catch(() => {}), 1);
    return () => clearTimeout(id);
  }, []);
  return (
    <button
      type="button"
      className={note ? 'wallet-button wallet-button--dev' : 'wallet-button'}
      onClick={onClick}
      disabled={disabled}
      aria-busy={loading}
      data-testid={testId}
    >
      <span className="wallet-button__icon">
        {icon ? <img src={icon} alt="" width={28} height={28} /> : <Icon name="wallet" size={24} />}
      </span>
      <span className="wallet-button__text">
        <span className="wallet-button__name">{name}</span>
        {note && <span className="wallet-button__note">{note}</span>}
      </span>
      {loading && (
        <Suspense fallback={null}>
          <SpinLoading color="primary" style={{ '--size': '20px' }} />
        </Suspense>
      )}
    </button>
  );
}
