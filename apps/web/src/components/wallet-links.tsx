import { Icon } from '@/components/icons';
import './open-in-wallet.css';

/** Wallet apps' links, two to a row: each opens its app (a sign-in page in its browser, a pairing). */
export function WalletLinks({
  links,
  testIdPrefix,
}: {
  links: readonly { id: string; name: string; href: string }[];
  testIdPrefix: string;
}) {
  return (
    <div className="open-in-wallet__grid">
      {links.map((link) => (
        <a
          key={link.id}
          className="open-in-wallet__choice"
          href={link.href}
          rel="noopener noreferrer"
          data-testid={`${testIdPrefix}${link.id}`}
        >
          <Icon name="wallet" size={20} />
          <span>{link.name}</span>
        </a>
      ))}
    </div>
  );
}
