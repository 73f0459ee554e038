import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Icon, type IconName } from '@/components/icons';
import { type AppRoute, paths } from '@/config/paths';
import { useAppNavigate } from '@/lib/navigation';
import './tab-bar.css';

type Tab = { name: string; route: AppRoute; icon: IconName; aliases?: string[] };

/** The five tabs, left to right; each is labelled with the title of the page it opens. */
const TABS: Tab[] = [
  { name: 'home', route: paths.home, icon: 'home', aliases: [paths.root.path, paths.index.path] },
  { name: 'second', route: paths.second, icon: 'mining' },
  { name: 'three', route: paths.three, icon: 'me' },
  { name: 'four', route: paths.four, icon: 'market' },
  { name: 'team', route: paths.team, icon: 'team' },
];

export function TabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { go } = useAppNavigate();
  return (
    <nav className="tab-bar" data-testid="tabbar">
      {TABS.map((tab) => {
        const selected = pathname === tab.route.path || (tab.aliases?.includes(pathname) ?? false);
        return (
          <button
            key={tab.name}
            type="button"
            className={selected ? 'plain-button tab-bar__item is-selected' : 'plain-button tab-bar__item'}
            aria-current={selected ? 'page' : undefined}
            onClick={() => {
              if (!selected) go(tab.route.href(), { replace: true });
            }}
            data-testid={`tab-${tab.name}`}
          >
            <Icon name={tab.icon} size={22} />
            <span className="tab-bar__label">{tab.route.titleKey && t(tab.route.titleKey)}</span>
          </button>
        );
      })}
    </nav>
  );
}
