import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '@/components/paged-list';
import { TabSwitch } from '@/components/tab-switch';
import { useReferrals } from '../api/get-invite-relation';
import type { ReferralKind } from '../api/query-keys';
import { ReferralItem } from './referral-item';
import './team-card.css';

const KINDS: ReferralKind[] = ['direct', 'indirect'];

function ReferralList({ kind }: { kind: ReferralKind }) {
  const { t } = useTranslation();
  const referrals = useReferrals(kind);
  return (
    <PagedList
      query={referrals}
      // Addresses come shortened, so two referrals may share one: the join time keeps keys apart.
      itemKey={(referral) => `${referral.address}-${referral.joinedAt}`}
      renderItem={(referral) => <ReferralItem referral={referral} />}
      label={t(kind === 'direct' ? 'teamDirect' : 'teamIndirect')}
      emptyText={t(kind === 'direct' ? 'teamDirectEmpty' : 'teamIndirectEmpty')}
      failedText={t('teamReferralsFailed')}
      testId={`referrals-${kind}`}
    />
  );
}

/** Direct and indirect referrals, one list at a time; `totals` label the tabs once known. */
export function ReferralLists({ totals }: { totals: Record<ReferralKind, number> | null }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ReferralKind>('direct');
  const label = (value: ReferralKind) => {
    const name = t(value === 'direct' ? 'teamDirect' : 'teamIndirect');
    return totals ? `${name} (${totals[value]})` : name;
  };
  return (
    <section className="team-card" aria-labelledby="referrals-title" data-testid="referrals">
      <header className="team-card__head">
        <h2 id="referrals-title" className="team-card__title">
          {t('teamReferralsTitle')}
        </h2>
      </header>
      <TabSwitch
        options={KINDS.map((value) => ({ value, label: label(value) }))}
        value={kind}
        onChange={setKind}
        label={t('teamReferralsTitle')}
        testIdPrefix="referrals-tab"
      />
      <ReferralList key={kind} kind={kind} />
    </section>
  );
}
