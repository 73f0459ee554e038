import type { Asset } from '@minecloud/contract/amount';
import { type ChainProblem, explorerTxUrl, type SolvencyAnswer } from '@minecloud/contract/solvency';
import type { LiabilityProofAnswer } from '@minecloud/contract/transparency';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsLoggedIn } from '@/lib/session';
import { getLiabilityProofQueryOptions } from '../api/get-liability-proof';
import { saveFile } from '../lib/proof-file';
import type { ChainCheckProblem, OwnDay, SolvencyChecks } from '../lib/solvency-verify';

type Outcome =
  | { state: 'idle' }
  | { state: 'running' }
  | { state: 'done'; checks: SolvencyChecks }
  | { state: 'error'; message: string };

/** Whose proof's day and root the chain's check starts from: the first the member has. */
const PROOF_ORDER: readonly Asset[] = ['USDT', 'BTC', 'GOLD'];

/** The file a member saves: the whole answer, which `npm run proof:verify -- … --solvency` reads. */
export const solvencyFileName = (answer: SolvencyAnswer) => `solvency-${answer.list[0]?.day ?? 'none'}.json`;
const solvencyFileText = (answer: SolvencyAnswer) => `${JSON.stringify(answer, null, 2)}\n`;

/** What one problem of a check means, naming the day and the asset or address it is about. */
function problemText(problem: ChainCheckProblem | ChainProblem, t: TFunction): string {
  switch (problem.kind) {
    case 'commitmentMismatch':
      return t('transparencySolvencyProblemCommitment', { day: problem.day });
    case 'brokenChain':
      return t('transparencySolvencyProblemChain', { day: problem.day });
    case 'totalsMismatch':
      return t('transparencySolvencyProblemTotals', { day: problem.day, asset: problem.asset });
    case 'ratioMismatch':
      return t('transparencySolvencyProblemRatio', { day: problem.day, asset: problem.asset });
    case 'badSignature':
      return t('transparencySolvencyProblemSignature', { day: problem.day, address: problem.address });
    case 'rootMismatch':
      return t('transparencySolvencyProblemRoot', { day: problem.day, asset: problem.asset });
    case 'proofDayMissing':
      return t('transparencySolvencyProblemDayMissing', { day: problem.day });
    case 'proofInvalid':
      return t('transparencySolvencyProblemProof', { day: problem.day, asset: problem.asset });
    case 'anchorMissing':
      return t('transparencySolvencyProblemAnchorMissing', { day: problem.day });
    case 'anchorMismatch':
      return t('transparencySolvencyProblemAnchorMismatch', { day: problem.day });
    case 'anchorFailed':
      return t('transparencySolvencyProblemAnchorFailed', { day: problem.day });
    case 'blockMismatch':
      return t('transparencySolvencyProblemBlock', { day: problem.day });
    case 'chainMismatch':
      return t('transparencySolvencyProblemChainId', { day: problem.day });
    case 'textMismatch':
      return t('transparencySolvencyProblemText', { day: problem.day, asset: problem.asset });
    case 'balanceMismatch':
      return t('transparencySolvencyProblemBalance', {
        day: problem.day,
        asset: problem.asset,
        address: problem.address,
      });
    case 'rpcError':
      return t('transparencySolvencyProblemRpc', { message: problem.message });
  }
}

function ownDayText(own: OwnDay, t: TFunction): string {
  switch (own.kind) {
    case 'checked':
      return own.rootOk ? t('transparencySolvencyOwnChecked', { day: own.day, asset: own.asset }) : '';
    case 'signedOut':
      return t('transparencySolvencyOwnSignIn');
    case 'noProof':
      return t('transparencySolvencyOwnNone');
    case 'notYetPublished':
      return t('transparencySolvencyOwnLater', { day: own.day });
  }
}

/** One check's verdict: passed with what it established, or failed with each problem found. */
function CheckResult({
  name,
  testId,
  problems,
  passed,
  children,
}: {
  name: string;
  testId: string;
  problems: (ChainCheckProblem | ChainProblem)[];
  passed: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const ok = problems.length === 0;
  return (
    <li className={`balance-check__verdict ${ok ? 'is-ok' : 'is-failed'}`} data-testid={testId} data-ok={ok}>
      <strong>
        {t('transparencySolvencyCheckVerdict', {
          name,
          verdict: t(ok ? 'transparencySolvencyCheckPassed' : 'transparencySolvencyCheckFailed'),
        })}
      </strong>
      {ok ? (
        <span>{passed}</span>
      ) : (
        <ul className="solvency-verify__problems">
          {problems.map((problem) => (
            <li key={JSON.stringify(problem)} data-testid="solvency-problem" data-kind={problem.kind}>
              {problemText(problem, t)}
            </li>
          ))}
        </ul>
      )}
      {children}
    </li>
  );
}

/** The node the browser asks, by its host: the platform names it, so the member sees which. */
function nodeName(answer: SolvencyAnswer): string {
  const url = answer.chain.rpcUrl ?? '';
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

function ExplorerLink({ href, chain }: { href: string; chain: string }) {
  const { t } = useTranslation();
  return (
    <a className="solvency-commitments__link" href={href} target="_blank" rel="noopener noreferrer">
      {t('transparencySolvencyExplorer', { chain })}
    </a>
  );
}

function Results({ checks, answer }: { checks: SolvencyChecks; answer: SolvencyAnswer }) {
  const { t } = useTranslation();
  const newest = answer.list[0];
  const own = ownDayText(checks.chain.own, t);
  const anchor = newest?.anchor;
  const link = anchor ? explorerTxUrl(answer.chain.explorer, anchor.txHash) : null;
  return (
    <ul className="solvency-verify__results" data-testid="solvency-results">
      <CheckResult
        name={t('transparencySolvencyCheckDay', { day: checks.day.day })}
        testId="solvency-check-day"
        problems={checks.day.problems}
        passed={t('transparencySolvencyDayOk')}
      />
      <CheckResult
        name={t('transparencySolvencyCheckChain')}
        testId="solvency-check-chain"
        problems={checks.chain.problems}
        passed={t('transparencySolvencyChainOk', {
          from: checks.chain.from,
          to: checks.chain.to,
          n: checks.chain.days,
        })}
      >
        {own && <span data-testid="solvency-check-own">{own}</span>}
      </CheckResult>
      {checks.onChain.status === 'checked' ? (
        <CheckResult
          name={t('transparencySolvencyCheckOnChain')}
          testId="solvency-check-onchain"
          problems={checks.onChain.problems}
          passed={t('transparencySolvencyOnChainOk', { block: checks.onChain.day.block.number })}
        >
          <span data-testid="solvency-node">{t('transparencySolvencyNodeAsked', { node: nodeName(answer) })}</span>
          {link && <ExplorerLink href={link} chain={answer.chain.name} />}
        </CheckResult>
      ) : (
        <li className="balance-check__verdict" data-testid="solvency-check-onchain" data-ok="skipped">
          <strong>
            {t('transparencySolvencyCheckVerdict', {
              name: t('transparencySolvencyCheckOnChain'),
              verdict: t('transparencySolvencyCheckSkipped'),
            })}
          </strong>
          <span data-testid="solvency-needs-node">
            {t('transparencySolvencyNeedsNode')}{' '}
            <code>
              npm run proof:verify -- {'<proof.json>'} --solvency {solvencyFileName(answer)} --rpc {'<url>'}
            </code>
          </span>
          {link && <ExplorerLink href={link} chain={answer.chain.name} />}
        </li>
      )}
    </ul>
  );
}

/**
 * "Verify": the member's own check of the published solvency, run in the browser on demand. The
 * checking code and viem load on the tap, never with the page.
 */
export function SolvencyVerify({ answer }: { answer: SolvencyAnswer }) {
  const { t } = useTranslation();
  const isLoggedIn = useIsLoggedIn();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });

  /** The member's newest proof of any asset (the cached one when the page already asked for it). */
  const memberProof = async (): Promise<LiabilityProofAnswer | null> => {
    if (!isLoggedIn) return null;
    for (const asset of PROOF_ORDER) {
      try {
        const lookup = await queryClient.ensureQueryData(getLiabilityProofQueryOptions(asset));
        if (lookup.found) return lookup.answer;
      } catch {
        // Without that proof the chain is still checked, over the whole list.
      }
    }
    return null;
  };

  const verify = async () => {
    setOutcome({ state: 'running' });
    try {
      const [{ verifySolvency }, proof] = await Promise.all([import('../lib/solvency-verify'), memberProof()]);
      const checks = await verifySolvency(answer, { signedIn: isLoggedIn, proof });
      setOutcome({ state: 'done', checks });
    } catch (error) {
      setOutcome({ state: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <div className="balance-check solvency-verify" data-testid="solvency-verify">
      <h3 className="transparency__subtitle">{t('transparencySolvencyVerifyTitle')}</h3>
      <p className="transparency__note">{t('transparencySolvencyVerifyHint')}</p>
      <div className="solvency-verify__actions">
        <Button
          color="primary"
          size="small"
          loading={outcome.state === 'running'}
          onClick={() => void verify()}
          data-testid="solvency-verify-button"
        >
          {t('transparencySolvencyVerify')}
        </Button>
        <Button
          size="small"
          fill="outline"
          onClick={() => saveFile(solvencyFileName(answer), solvencyFileText(answer))}
          data-testid="solvency-download"
        >
          {t('transparencySolvencySave')}
        </Button>
      </div>
      <div aria-live="polite">
        {outcome.state === 'running' && (
          <p className="balance-check__verdict" data-testid="solvency-verifying">
            {t('transparencySolvencyVerifying')}
          </p>
        )}
        {outcome.state === 'error' && (
          <p className="balance-check__verdict is-failed" role="alert" data-testid="solvency-verify-error">
            {t('transparencySolvencyVerifyError', { message: outcome.message })}
          </p>
        )}
        {outcome.state === 'done' && <Results checks={outcome.checks} answer={answer} />}
      </div>
    </div>
  );
}
