import { type Asset, isAsset } from '@minecloud/contract/amount';
import { useIsFetching } from '@tanstack/react-query';
import { Skeleton } from 'antd-mobile';
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { MessageKey } from '@/i18n/i18n';
import { useLiabilities } from '../api/get-liabilities';
import { useParameters } from '../api/get-parameters';
import { useSolvency } from '../api/get-solvency';
import { useTransparencyTotals } from '../api/get-transparency-totals';
import { transparencyKeys } from '../api/query-keys';
import { LiabilitySection } from '../components/liability-section';
import { TotalsSection } from '../components/totals-section';
import './transparency-page.css';

// Below the fold: its names and formats load apart from the page.
const ParameterLog = lazy(() => import('../components/parameter-log'));
// Below the fold as well, with the contract's solvency code (and its hashing) that the section reads.
const SolvencySection = lazy(() => import('../components/solvency-section'));
// Last, with the contract's network-day formula it recomputes a day with.
const NetworkDayCheck = lazy(() => import('../components/network-day-check'));

const SECTIONS = ['totals', 'proof', 'solvency', 'parameters', 'network'] as const;
type Section = (typeof SECTIONS)[number];
const TITLES: Record<Section, MessageKey> = {
  totals: 'transparencyTotalsTitle',
  proof: 'transparencyProofTitle',
  solvency: 'transparencySolvencyTitle',
  parameters: 'transparencyParametersTitle',
  network: 'transparencyNetworkTitle',
};
const DEFAULT_ASSET: Asset = 'USDT';

const sectionId = (section: Section) => `transparency-${section}`;
const isSection = (value: string | null): value is Section => SECTIONS.includes(value as Section);

function scrollToSection(section: Section, smooth: boolean) {
  document
    .getElementById(sectionId(section))
    ?.scrollIntoView?.({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
}

/**
 * `?section=` scrolls to that section once everything above it has loaded (so it does not move
 * away again as the page fills in).
 */
function useScrollToSection(target: Section | null) {
  const totals = useTransparencyTotals();
  const liabilities = useLiabilities();
  const parameters = useParameters();
  const solvency = useSolvency();
  const fetching = useIsFetching({ queryKey: transparencyKeys.all });
  const settled =
    !totals.isPending && !liabilities.isPending && !solvency.isPending && !parameters.isPending && fetching === 0;
  const done = useRef(false);
  useEffect(() => {
    if (!target || done.current || !settled) return;
    done.current = true;
    scrollToSection(target, false);
  }, [target, settled]);
  return done;
}

function Card({ section, children }: { section: Section; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section id={sectionId(section)} className="transparency__card" aria-labelledby={`${sectionId(section)}-title`}>
      <h2 id={`${sectionId(section)}-title`} className="transparency__title">
        {t(TITLES[section])}
      </h2>
      {children}
    </section>
  );
}

/**
 * Transparency: public totals, proof of liabilities with the member's own check, proof of solvency
 * with its check, the parameter log, and the check of a day's mining output against its blocks.
 */
export default function TransparencyPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const section = params.get('section');
  const target = isSection(section) ? section : null;
  const asset = params.get('asset');
  const scrolled = useScrollToSection(target);

  const jump = (next: Section) => {
    scrolled.current = true;
    scrollToSection(next, true);
    setParams(
      (previous) => {
        previous.set('section', next);
        return previous;
      },
      { replace: true },
    );
  };

  return (
    <div className="transparency" data-testid="transparency">
      <p className="transparency__intro">{t('transparencyIntro')}</p>
      <nav className="transparency__nav" aria-label={t('titleTransparency')}>
        {SECTIONS.map((item) => (
          <button
            key={item}
            type="button"
            className={`plain-button transparency__nav-item${item === target ? ' is-selected' : ''}`}
            onClick={() => jump(item)}
            data-testid={`transparency-nav-${item}`}
          >
            {t(TITLES[item])}
          </button>
        ))}
      </nav>
      <Card section="totals">
        <TotalsSection />
      </Card>
      <Card section="proof">
        <LiabilitySection initialAsset={isAsset(asset) ? asset : DEFAULT_ASSET} />
      </Card>
      <Card section="solvency">
        <Suspense fallback={<Skeleton.Paragraph lineCount={6} animated />}>
          <SolvencySection />
        </Suspense>
      </Card>
      <Card section="parameters">
        <Suspense fallback={<Skeleton.Paragraph lineCount={6} animated />}>
          <ParameterLog />
        </Suspense>
      </Card>
      <Card section="network">
        <Suspense fallback={<Skeleton.Paragraph lineCount={6} animated />}>
          <NetworkDayCheck />
        </Suspense>
      </Card>
    </div>
  );
}
