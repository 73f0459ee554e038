import {
  explorerTxUrl,
  ON_CHAIN_ASSETS,
  type OnChainAsset,
  type ReserveAddress,
  type SolvencyAnswer,
  type SolvencyAsset,
  type SolvencyDay,
} from '@minecloud/contract/solvency';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { AddressText } from '@/components/address-text';
import { ErrorState } from '@/components/error-state';
import { formatLocalTime } from '@/lib/format-time';
import { useSolvency } from '../api/get-solvency';
import { tokenUnitsText, unitsText } from '../lib/units-text';
import { useExactText } from './asset-label';
import { SolvencyChart } from './solvency-chart';
import { SolvencyHistory } from './solvency-history';
import { SolvencyVerify } from './solvency-verify';
import './solvency-section.css';

/** The ratio of one asset and whether the reserves cover the liabilities, in figures and in words. */
function RatioVerdict({ row }: { row: SolvencyAsset }) {
  const { t } = useTranslation();
  if (row.ratio === null) {
    return (
      <p className="solvency-asset__verdict" data-testid={`solvency-verdict-${row.asset}`}>
        {t('transparencySolvencyNoLiabilities')}
      </p>
    );
  }
  const below = row.covered === false;
  return (
    <div className={`solvency-asset__ratio${below ? ' is-below' : ' is-covered'}`}>
      <span className="solvency-asset__ratio-label">{t('transparencySolvencyRatio')}</span>
      <strong data-testid={`solvency-ratio-${row.asset}`}>{row.ratio}</strong>
      <p className="solvency-asset__verdict" data-testid={`solvency-verdict-${row.asset}`} data-below={below}>
        {t(below ? 'transparencySolvencyBelowOne' : 'transparencySolvencyCovered')}
      </p>
    </div>
  );
}

function ReserveRow({ reserve, asset, decimals }: { reserve: ReserveAddress; asset: OnChainAsset; decimals: number }) {
  const { t } = useTranslation();
  const exact = useExactText();
  return (
    <li className="transparency__row" data-testid="solvency-address" data-address={reserve.address}>
      <div className="transparency__row-main">
        <AddressText address={reserve.address} className="transparency__hash" testId="solvency-address-text" />
        <span className="solvency-asset__kind">
          {t(reserve.kind === 'hot' ? 'transparencySolvencyHot' : 'transparencySolvencyCold')}
          {reserve.label ? ` · ${reserve.label}` : ''}
        </span>
      </div>
      <div className="transparency__row-side">
        <strong data-testid="solvency-address-balance">
          {exact(tokenUnitsText(reserve.balanceUnits, decimals))} {asset}
        </strong>
      </div>
    </li>
  );
}

/**
 * One on-chain asset of the newest day: its ratio, both totals and every reserve address. Amounts are
 * read from the units the day's commitment holds, not from the decimals sent beside them.
 */
function AssetSolvency({ day, asset }: { day: SolvencyDay; asset: OnChainAsset }) {
  const { t } = useTranslation();
  const exact = useExactText();
  const row = day.assets.find((a) => a.asset === asset);
  if (!row) return null;
  return (
    <div className="solvency-asset" data-testid={`solvency-asset-${asset}`}>
      <h3 className="transparency__subtitle">{asset}</h3>
      {row.reserves ? (
        <RatioVerdict row={row} />
      ) : (
        <p className="solvency-asset__verdict" data-testid={`solvency-verdict-${asset}`}>
          {t('transparencySolvencyNoReserves')}
        </p>
      )}
      <dl className="transparency__figures transparency__figures--two">
        <div>
          <dt>{t('transparencySolvencyReserves')}</dt>
          <dd data-testid={`solvency-reserves-${asset}`}>
            {row.reserves ? `${exact(tokenUnitsText(row.reserves.totalUnits, row.reserves.decimals))} ${asset}` : '—'}
          </dd>
        </div>
        <div>
          <dt>{t('transparencySolvencyLiabilities')}</dt>
          <dd data-testid={`solvency-liabilities-${asset}`}>
            {exact(unitsText(row.liabilities.totalUnits, asset))} {asset}
          </dd>
        </div>
      </dl>
      {row.reserves && row.reserves.addresses.length > 0 && (
        <>
          <h4 className="solvency-asset__heading">{t('transparencySolvencyAddresses')}</h4>
          <ul className="transparency__rows">
            {row.reserves.addresses.map((reserve) => (
              <ReserveRow
                key={reserve.address}
                reserve={reserve}
                asset={asset}
                decimals={row.reserves?.decimals ?? 0}
              />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The day's commitment, the one before it, and the transaction that wrote it on chain. */
function Commitments({ day, answer }: { day: SolvencyDay; answer: SolvencyAnswer }) {
  const { t } = useTranslation();
  const anchor = day.anchor;
  const link = anchor ? explorerTxUrl(answer.chain.explorer, anchor.txHash) : null;
  return (
    <dl className="solvency-commitments" data-testid="solvency-commitments">
      <div>
        <dt>{t('transparencySolvencyCommitment')}</dt>
        <dd>
          <AddressText address={day.commitment} className="transparency__hash" testId="solvency-commitment" />
        </dd>
      </div>
      <div>
        <dt>{t('transparencySolvencyPrevious')}</dt>
        <dd>
          {day.previous ? (
            <AddressText address={day.previous} className="transparency__hash" testId="solvency-previous" />
          ) : (
            <span data-testid="solvency-previous">{t('transparencySolvencyFirst')}</span>
          )}
        </dd>
      </div>
      <div>
        <dt>{t('transparencySolvencyAnchor')}</dt>
        <dd className="solvency-commitments__anchor" data-testid="solvency-anchor">
          {!anchor ? (
            <span>{t('transparencySolvencyAnchorNone')}</span>
          ) : (
            <>
              <AddressText address={anchor.txHash} className="transparency__hash" testId="solvency-anchor-tx" />
              {anchor.blockNumber === null && (
                <span className="solvency-commitments__pending" data-testid="solvency-anchor-pending">
                  {t('transparencySolvencyAnchorPending')}
                </span>
              )}
              {link && (
                <a
                  className="solvency-commitments__link"
                  href={link}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid="solvency-anchor-link"
                >
                  {t('transparencySolvencyExplorer', { chain: answer.chain.name })}
                </a>
              )}
            </>
          )}
        </dd>
      </div>
    </dl>
  );
}

/**
 * Proof of solvency: what the platform's on-chain addresses held at one block against what it owes
 * its members, per asset, with the chain of daily commitments and the member's own check of it all.
 */
export default function SolvencySection() {
  const { t } = useTranslation();
  const solvency = useSolvency();
  const answer = solvency.data;
  // Newest day first, as the server lists them.
  const newest = answer?.list[0];
  return (
    <>
      <p className="transparency__note" data-testid="solvency-explained">
        {t('transparencySolvencyExplained')}
      </p>
      <p className="transparency__note" data-testid="solvency-gold">
        {t('transparencySolvencyGold', { gold: t('balanceGold') })}
      </p>
      {solvency.isPending ? (
        <Skeleton.Paragraph lineCount={6} animated data-testid="solvency-loading" />
      ) : solvency.isError ? (
        <ErrorState
          message={t('transparencySolvencyFailed')}
          onRetry={() => void solvency.refetch()}
          testId="solvency-error"
        />
      ) : !answer || !newest ? (
        <p className="transparency__empty" data-testid="solvency-empty">
          {t('transparencySolvencyEmpty')}
        </p>
      ) : (
        <div className="solvency" data-testid="solvency">
          <dl className="transparency__figures transparency__figures--two">
            <div>
              <dt>{t('transparencySolvencySnapshot')}</dt>
              <dd data-testid="solvency-day">{newest.day}</dd>
            </div>
            <div>
              <dt>{t('transparencySolvencyBlock')}</dt>
              <dd data-testid="solvency-block" title={newest.block.hash}>
                {newest.block.number}
              </dd>
            </div>
            <div className="transparency__figure--wide">
              <dt>{t('transparencySolvencyPublishedAt')}</dt>
              <dd>{formatLocalTime(newest.publishedAt)}</dd>
            </div>
          </dl>
          {ON_CHAIN_ASSETS.map((asset) => (
            <AssetSolvency key={asset} day={newest} asset={asset} />
          ))}
          <Commitments day={newest} answer={answer} />
          <h3 className="transparency__subtitle">{t('transparencySolvencyHistory')}</h3>
          {ON_CHAIN_ASSETS.map((asset) => (
            <SolvencyChart key={asset} asset={asset} list={answer.list} />
          ))}
          <SolvencyHistory list={answer.list} />
          <SolvencyVerify answer={answer} />
        </div>
      )}
    </>
  );
}
