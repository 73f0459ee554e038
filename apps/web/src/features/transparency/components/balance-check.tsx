import type { Asset } from '@minecloud/contract/amount';
import type { LiabilityRoot } from '@minecloud/contract/transparency';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd-mobile';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useAppNavigate } from '@/lib/navigation';
import { useIsLoggedIn } from '@/lib/session';
import { useLiabilityProof } from '../api/get-liability-proof';
import './balance-check.css';

// The check and its details load apart from the page: a visitor never needs them.
const MemberCheck = lazy(() => import('./member-check'));

function SignInPrompt() {
  const { t } = useTranslation();
  const { go } = useAppNavigate();
  const location = useLocation();
  return (
    <div className="balance-check__prompt" data-testid="proof-sign-in">
      <p className="transparency__note">{t('transparencyCheckSignInHint')}</p>
      <Button
        color="primary"
        size="small"
        onClick={() => {
          go(paths.login.href({ redirect: `${location.pathname}${location.search}` }));
        }}
        data-testid="proof-sign-in-button"
      >
        {t('homeSignIn')}
      </Button>
    </div>
  );
}

/** "Check my balance": the member's own proof, verified here, or the way to sign in for it. */
export function BalanceCheck({ asset, published }: { asset: Asset; published: UseQueryResult<LiabilityRoot[]> }) {
  const { t } = useTranslation();
  const isLoggedIn = useIsLoggedIn();
  // Asked for now, while the check's code downloads.
  useLiabilityProof(asset);
  return (
    <div className="balance-check" data-testid="balance-check">
      <h3 className="transparency__subtitle">{t('transparencyCheckTitle')}</h3>
      {isLoggedIn ? (
        <Suspense fallback={<Skeleton.Paragraph lineCount={3} animated />}>
          <MemberCheck asset={asset} published={published} />
        </Suspense>
      ) : (
        <SignInPrompt />
      )}
    </div>
  );
}
