import { truncateDecimals } from '@minecloud/contract/amount';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { type ClaimAsset, useClaimEarnings } from '@/api/claim-earnings';
import { displayPlaces } from '@/lib/display-places';
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
  const claim = useClaimEarnings();
  return (
    <Button
      color="primary"
      size="small"
      shape="rounded"
      disabled={claimable === 0n}
      loading={claim.isPending}
      loadingText={t('claiming')}
      onClick={() =>
        claim.mutate(asset, {
          onSuccess: ({ claimed }) => {
            showToast(t('claimSuccess', { n: truncateDecimals(claimed, displayPlaces(asset)), u: asset }));
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
