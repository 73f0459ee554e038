import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppRoute } from '@/config/paths';
import type { MessageKey } from '@/i18n/i18n';
import { useAppNavigate } from '@/lib/navigation';
import { Icon, type IconName } from './icons';
import './link-rows.css';

export type LinkRow = {
  route: AppRoute;
  icon: IconName;
  name: string;
  /** The row's text; the route's title when absent. */
  labelKey?: MessageKey;
  hint?: ReactNode;
};

type LinkRowsProps = {
  links: readonly LinkRow[];
  label: string;
  /** Each row gets `<testIdPrefix>-<name>`. */
  testIdPrefix: string;
};

function rowLabel(link: LinkRow, t: (key: MessageKey) => string): string {
  if (link.labelKey) return t(link.labelKey);
  return link.route.titleKey ? t(link.route.titleKey) : link.name;
}

/** A card of rows, each opening another page: an icon, the page's name, a hint and an arrow. */
export function LinkRows({ links, label, testIdPrefix }: LinkRowsProps) {
  const { t } = useTranslation();
  const { go } = useAppNavigate();
  return (
    <nav className="link-rows" aria-label={label}>
      {links.map((link) => (
        <button
          key={link.name}
          type="button"
          className="plain-button link-rows__item"
          onClick={() => go(link.route.href())}
          data-testid={`${testIdPrefix}-${link.name}`}
        >
          <span className="link-rows__icon">
            <Icon name={link.icon} size={20} />
          </span>
          <span className="link-rows__label">{rowLabel(link, t)}</span>
          {link.hint && <span className="link-rows__hint">{link.hint}</span>}
          <span className="link-rows__arrow" aria-hidden="true">
            ›
          </span>
        </button>
      ))}
    </nav>
  );
}
