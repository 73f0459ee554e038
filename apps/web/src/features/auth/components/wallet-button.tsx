import { SpinLoading } from 'antd-mobile';
import { Icon } from '@/components/icons';

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
      {loading && <SpinLoading color="primary" style={{ '--size': '20px' }} />}
    </button>
  );
}
