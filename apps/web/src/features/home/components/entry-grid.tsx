import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '@/components/icons';
import { type AppRoute, paths } from '@/config/paths';
import { useAppNavigate } from '@/lib/navigation';
import './entry-grid.css';

type Entry = { name: string; route: AppRoute; icon: IconName };

/** The ways into the other areas of the app. */
const ENTRIES: Entry[] = [
  { name: 'assets', route: paths.assetsList, icon: 'wallet' },
  { name: 'miners', route: paths.mineList, icon: 'miner' },
  { name: 'hash-rate', route: paths.power, icon: 'power' },
  { name: 'prize-pool', route: paths.prizePool, icon: 'pool' },
  { name: 'draw-record', route: paths.drawRecord, icon: 'history' },
  { name: 'equity', route: paths.equity, icon: 'equity' },
  { name: 'team', route: paths.team, icon: 'team' },
  { name: 'market', route: paths.four, icon: 'market' },
  { name: 'notices', route: paths.noticeList, icon: 'bell' },
  { name: 'feedback', route: paths.feedback, icon: 'feedback' },
  { name: 'services', route: paths.services, icon: 'service' },
  { name: 'top-up', route: paths.topUp, icon: 'topUp' },
  { name: 'gift', route: paths.transform, icon: 'gift' },
  { name: 'donation', route: paths.donate, icon: 'heart' },
  { name: 'rank', route: paths.rank, icon: 'rank' },
  { name: 'community-rank', route: paths.teamRank, icon: 'team' },
  { name: 'chain-zone', route: paths.chainList, icon: 'chain' },
  { name: 'transparency', route: paths.transparency, icon: 'shield' },
  { name: 'about', route: paths.about, icon: 'settings' },
];

export function EntryGrid() {
  const { t } = useTranslation();
  const { go } = useAppNavigate();
  return (
    <section className="entry-grid" aria-labelledby="home-entries-title">
      <h2 id="home-entries-title" className="entry-grid__title">
        {t('homeEntriesTitle')}
      </h2>
      <ul className="entry-grid__list">
        {ENTRIES.map((entry) => (
          <li key={entry.name}>
            <button
              type="button"
              className="plain-button entry-grid__item"
              onClick={() => go(entry.route.href())}
              data-testid={`home-entry-${entry.name}`}
            >
              <span className="entry-grid__icon">
                <Icon name={entry.icon} size={22} />
              </span>
              <span className="entry-grid__label">{entry.route.titleKey ? t(entry.route.titleKey) : entry.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
