import { WITHDRAW_ASSETS, type WithdrawAsset } from '@minecloud/contract/wallet';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BottomSheet } from '@/components/bottom-sheet';
import { EmptyListLink, PagedList } from '@/components/paged-list';
import { TabSwitch } from '@/components/tab-switch';
import { paths } from '@/config/paths';
import { useWithdrawals } from '../api/get-withdrawals';
import { WithdrawalItem } from '../components/withdrawal-item';
import { WithdrawalTimeline } from '../components/withdrawal-timeline';
import '../components/withdraw-form.css';
import { withdrawAssetFrom } from '../lib/withdraw-asset';

function WithdrawalList({ asset }: { asset: WithdrawAsset }) {
  const { t } = useTranslation();
  const withdrawals = useWithdrawals(asset);
  // By id, so the open timeline follows the list as it refreshes.
  const [openedId, setOpenedId] = useState<string | null>(null);
  const opened = withdrawals.data?.pages.flatMap((page) => page.list).find((item) => item.id === openedId) ?? null;
  return (
    <>
      <PagedList
        query={withdrawals}
        itemKey={(withdrawal) => withdrawal.id}
        renderItem={(withdrawal) => (
          <WithdrawalItem withdrawal={withdrawal} onOpen={() => setOpenedId(withdrawal.id)} />
        )}
        label={t('titleWithdrawalHistory')}
        emptyText={t('withdrawalsEmpty')}
        emptyAction={
          <EmptyListLink
            to={paths.withdraw.href({ asset })}
            label={t('withdrawalsGoWithdraw')}
            testId="withdrawals-go-withdraw"
          />
        }
        failedText={t('withdrawalsFailed')}
        testId="withdrawals"
      />
      <BottomSheet
        title={t('withdrawalTimelineTitle')}
        visible={opened !== null}
        onClose={() => setOpenedId(null)}
        testId="withdrawal-sheet"
      >
        {opened && <WithdrawalTimeline withdrawal={opened} />}
      </BottomSheet>
    </>
  );
}

/** The spec's Withdrawal History: the member's withdrawals of USDT or BTC (`?asset=`), each with its timeline. */
export default function WithdrawalHistoryPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asset: WithdrawAsset = withdrawAssetFrom(params.get('asset'));
  return (
    <div className="withdraw-page withdrawal-history">
      <TabSwitch
        options={WITHDRAW_ASSETS.map((value) => ({ value, label: value }))}
        value={asset}
        onChange={(value) => setParams({ asset: value }, { replace: true })}
        label={t('titleWithdrawalHistory')}
        testIdPrefix="withdrawals-tab"
      />
      {/* Each asset keeps its own list. */}
      <WithdrawalList key={asset} asset={asset} />
    </div>
  );
}
