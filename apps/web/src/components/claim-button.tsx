import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { type ClaimAsset, useClaimEarnings } from '@/api/claim-earnings';
import { useMoneyAction } from '@/lib/money-action';
import { useMoneyText } from '@/lib/money-text';
import { showToast } from '@/lib/toast';

type ClaimButtonProps = {
  asset: ClaimAsset;
  claimable: bigint;
  /** After a successful claim, for views that show claimable amounts outside the money queries. */
  onClaimed?: () => void;
};

/** Claims all earnings of one asset into its available balance; disabled when there is nothing to claim. */
export function ClaimButton({ asset, claimable, onClaimed }: ClaimButtonProps) {
  const { t } = useTranslation();
  // One tap claims once: further taps do nothing until the server has answered.
  const claim = useMoneyAction(useClaimEarnings());
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
