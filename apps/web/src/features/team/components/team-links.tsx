import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '@/components/icons';
import type { AppRoute } from '@/config/paths';
import { useAppNavigate } from '@/lib/navigation';
import './team-links.css';

export type TeamLink = { route: AppRoute; icon: IconName; name: string; hint?: ReactNode };

/** Rows that open the other team screens (levels, rankings, the prize pool). */
export function TeamLinks({ links }: { links: TeamLink[] }) {
  const { t } = useTranslation();
  const { go } = useAppNavigate();
  return (
    <nav className="team-links" aria-label={t('teamLinksLabel')}>
      {links.map((link) => (
        <button
          key={link.name}
          type="button"
          className="plain-button team-links__item"
          onClick={() => go(link.route.href())}
          data-testid={`team-go-${link.name}`}
        >
          <span className="team-links__icon">
            <Icon name={link.icon} size={20} />
          </span>
          <span className="team-links__label">{link.route.titleKey ? t(link.route.titleKey) : link.name}</span>
          {link.hint && <span className="team-links__hint">{link.hint}</span>}
          <span className="team-links__arrow" aria-hidden="true">
            ›
          </span>
        </button>
      ))}
    </nav>
  );
}
