import type { ASSET_CALLS } from '@minecloud/contract/asset';
import type { CallAnswer } from '@minecloud/contract/calls';
import type { UseMutationResult } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useMoneyAction } from '@/lib/money-action';
import { useMoneyText } from '@/lib/money-text';
import { showToast } from '@/lib/toast';

type ClaimAsset = 'USDT' | 'BTC';

type ClaimButtonProps = {
  asset: ClaimAsset;
  /** The claim call (api/claim-earnings.ts): a shared component makes no call of its own. */
  claim: Pick<UseMutationResult<CallAnswer<typeof ASSET_CALLS.usdtClaim>, unknown, ClaimAsset>, 'mutateAsync'>;
  claimable: bigint;
  /** After a successful claim, for views that show claimable amounts outside the money queries. */
  onClaimed?: () => void;
};

/** Claims all earnings of one asset into its available balance; disabled when there is nothing to claim. */
export function ClaimButton({ asset, claim: call, claimable, onClaimed }: ClaimButtonProps) {
  const { t } = useTranslation();
  // One tap claims once: further taps do nothing until the server has answered.
  const claim = useMoneyAction(call);
  const money = useMoneyText();
  return (
    <Button
      color="primary"
      size="small"
      shape="rounded"
      disabled={claimable === 0n}
      loading={claim.busy}
      loadingText={t('claiming')}
      onClick={() =>
        claim.start(() => ({ body: asset, confirm: null }), {
          onSuccess: ({ claimed }) => {
            showToast(t('claimSuccess', { n: money(claimed, asset), u: asset }));
            onClaimed?.();
          },
        })
      }
      data-testid={`claim-${asset}`}
    >
      {t('claim')}
    </Button>
  );
}
