import type { LiabilityProofAnswer } from '@minecloud/contract/transparency';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { AddressText } from '@/components/address-text';
import { copyText } from '@/lib/copy';
import { formatLocalTime } from '@/lib/format-time';
import { proofFileName, proofFileText, saveFile } from '../lib/proof-file';
import { unitsText } from '../lib/units-text';
import { useAssetLabel, useExactText } from './asset-label';
import './proof-details.css';

/** What the check used, step by step, and the proof to keep or check again offline. */
export function ProofDetails({ answer }: { answer: LiabilityProofAnswer }) {
  const { t } = useTranslation();
  const label = useAssetLabel();
  const exact = useExactText();
  const { asset, proof } = answer;
  const amount = (units: string) => `${exact(unitsText(units, asset))} ${label(asset)}`;
  return (
    <div className="proof-details" data-testid="proof-details">
      <dl className="proof-details__list">
        <div>
          <dt>{t('transparencyProofMember')}</dt>
          <dd data-testid="proof-member">{proof.userId}</dd>
        </div>
        <div>
          <dt>{t('transparencyProofBalance')}</dt>
          <dd data-testid="proof-balance">{amount(proof.amount)}</dd>
        </div>
        <div>
          <dt>{t('transparencyProofRoot')}</dt>
          <dd>
            <AddressText address={proof.root.hash} className="transparency__hash" testId="proof-root" />
          </dd>
        </div>
        <div>
          <dt>{t('transparencyProofRootSum')}</dt>
          <dd data-testid="proof-root-sum">{amount(proof.root.sum)}</dd>
        </div>
        <div>
          <dt>{t('transparencyTakenAt')}</dt>
          <dd>{formatLocalTime(answer.takenAt)}</dd>
        </div>
      </dl>
      <details className="proof-details__steps">
        <summary data-testid="proof-steps">{t('transparencyProofSteps', { count: proof.path.length })}</summary>
        <ol>
          {proof.path.map((step, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a path's steps are fixed by their position.
            <li key={index} data-testid="proof-step">
              <span>{t(step.side === 'left' ? 'transparencySideLeft' : 'transparencySideRight')}</span>
              <code title={step.hash}>{`${step.hash.slice(0, 8)}…${step.hash.slice(-6)}`}</code>
              <span>{amount(step.sum)}</span>
            </li>
          ))}
        </ol>
      </details>
      <div className="proof-details__actions">
        <Button
          size="small"
          fill="outline"
          onClick={() => void copyText(proofFileText(answer))}
          data-testid="proof-copy"
        >
          {t('transparencyProofCopy')}
        </Button>
        <Button
          size="small"
          fill="outline"
          onClick={() => saveFile(proofFileName(answer), proofFileText(answer))}
          data-testid="proof-download"
        >
          {t('transparencyProofDownload')}
        </Button>
      </div>
      <p className="transparency__note">
        {t('transparencyOffline')} <code>npm run proof:verify -- {proofFileName(answer)}</code>
      </p>
    </div>
  );
}
