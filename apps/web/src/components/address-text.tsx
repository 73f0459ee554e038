import { shortenAddress } from '@minecloud/contract/address';
import { copyText } from '@/lib/copy';
import { Icon } from './icons';

type AddressTextProps = { address: string; copyable?: boolean; testId?: string; className?: string };

/** An address shortened to its first 6 and last 4 characters; tapping copies the whole address. */
export function AddressText({ address, copyable = true, testId, className }: AddressTextProps) {
  const short = shortenAddress(address);
  if (!copyable) {
    return (
      <span className={className} title={address} data-testid={testId}>
        {short}
      </span>
    );
  }
  return (
    <button
      type="button"
      className={`plain-button ${className ?? ''}`}
      title={address}
      onClick={() => void copyText(address)}
      data-testid={testId}
    >
      {short} <Icon name="copy" size={14} />
    </button>
  );
}
