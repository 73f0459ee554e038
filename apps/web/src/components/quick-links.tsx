import { useTranslation } from 'react-i18next';
import type { AppRoute } from '@/config/paths';
import { useAppNavigate } from '@/lib/navigation';
import { Icon, type IconName } from './icons';
import './quick-links.css';

export type QuickLink = { name: string; route: AppRoute; icon: IconName };

type QuickLinksProps = {
  links: readonly QuickLink[];
  label: string;
  /** Each link gets `<testIdPrefix>-<name>`. */
  testIdPrefix: string;
};

/** A row of three ways to other pages, each an icon over the page's title. */
export function QuickLinks({ links, label, testIdPrefix }: QuickLinksProps) {
  const { t } = useTranslation();
  const { go } = useAppNavigate();
  return (
    <nav className="quick-links" aria-label={label}>
      {links.map((link) => (
        <button
          key={link.name}
          type="button"
          className="plain-button quick-links__item"
          onClick={() => go(link.route.href())}
          data-testid={`${testIdPrefix}-${link.name}`}
        >
          <span className="quick-links__icon">
            <Icon name={link.icon} size={20} />
          </span>
          {link.route.titleKey ? t(link.route.titleKey) : link.name}
        </button>
      ))}
    </nav>
  );
}
