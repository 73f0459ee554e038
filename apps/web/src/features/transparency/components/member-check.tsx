import type { Asset } from '@minecloud/contract/amount';
import type { LiabilityRoot } from '@minecloud/contract/transparency';
import type { UseQueryResult } from '@tanstack/react-query';
import { Skeleton } from 'antd-mobile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useUser } from '@/api/get-user';
import { ErrorState } from '@/components/error-state';
import type { MessageKey } from '@/i18n/i18n';
import { useLiabilityProof } from '../api/get-liability-proof';
import { checkMemberProof, type ProofFailure } from '../lib/proof-check';
import { unitsText } from '../lib/units-text';
import { useAssetLabel, useExactText } from './asset-label';
import { ProofDetails } from './proof-details';

const FAILURE_TEXT: Record<ProofFailure, MessageKey> = {
  malformed: 'transparencyFailMalformed',
  negativeSum: 'transparencyFailNegative',
  outOfRange: 'transparencyFailOutOfRange',
  rootMismatch: 'transparencyFailPath',
  notPublished: 'transparencyFailNotPublished',
  notPublishedRoot: 'transparencyFailNotPublishedRoot',
  notMine: 'transparencyFailNotMine',
};

/** The signed-in member's proof of `asset`, checked here, with what it was checked against. */
export default function MemberCheck({
  asset,
  published,
}: {
  asset: Asset;
  published: UseQueryResult<LiabilityRoot[]>;
}) {
  const { t } = useTranslation();
  const label = useAssetLabel();
  const exact = useExactText();
  const proof = useLiabilityProof(asset);
  const user = useUser();
  const answer = proof.data?.found ? proof.data.answer : undefined;
  const memberId = user.isPending ? undefined : (user.data?.id ?? null);
  const roots = published.data;
  // Hashing a path of a few dozen steps: quick enough to run on every change of its inputs.
  const outcome = useMemo(
    () => (answer && roots && memberId !== undefined ? checkMemberProof(answer, roots, memberId) : null),
    [answer, roots, memberId],
  );

  if (proof.isPending) return <Skeleton.Paragraph lineCount={3} animated data-testid="proof-loading" />;
  if (proof.isError) {
    return (
      <ErrorState message={t('transparencyProofFailed')} onRetry={() => void proof.refetch()} testId="proof-error" />
    );
  }
  if (!answer) {
    return (
      <p className="transparency__empty" data-testid="proof-none">
        {t('transparencyProofNone', { asset: label(asset) })}
      </p>
    );
  }
  if (published.isError) {
    return (
      <ErrorState
        message={t('transparencyRootsFailed')}
        onRetry={() => void published.refetch()}
        testId="proof-roots-error"
      />
    );
  }
  return (
    <>
      {outcome === null ? (
        <p className="balance-check__verdict" data-testid="proof-checking">
          {t('transparencyChecking')}
        </p>
      ) : outcome.ok ? (
        <p className="balance-check__verdict is-ok" role="status" data-testid="proof-verified">
          {t('transparencyVerified', {
            day: answer.day,
            amount: exact(unitsText(answer.proof.amount, asset)),
            total: exact(outcome.published.total),
            asset: label(asset),
          })}
        </p>
      ) : (
        <div className="balance-check__verdict is-failed" role="alert" data-testid="proof-failed">
          <strong>{t('transparencyNotVerified')}</strong>
          <span data-testid="proof-failed-reason" data-reason={outcome.reason}>
            {t(FAILURE_TEXT[outcome.reason])}
          </span>
        </div>
      )}
      <ProofDetails answer={answer} />
    </>
  );
}
