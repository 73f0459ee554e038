import { EQUITY_ORDER_STATUSES, type EquityOrderStatus } from '@minecloud/contract/equity';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyListLink, PagedList } from '@/components/paged-list';
import { TabSwitch } from '@/components/tab-switch';
import { paths } from '@/config/paths';
import { useAppNavigate } from '@/lib/navigation';
import { useEquityOrders } from '../api/get-equity-orders';
import { EquityOrderCard, ORDER_STATUS_NAMES } from '../components/equity-order-card';
import { OrderDetail } from '../components/order-detail';
import './equity-orders-page.css';

function isOrderStatus(value: string | null): value is EquityOrderStatus {
  return EQUITY_ORDER_STATUSES.some((status) => status === value);
}

function OrderList({ status, onOpen }: { status: EquityOrderStatus; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const orders = useEquityOrders(status);
  return (
    <PagedList
      query={orders}
      itemKey={(order) => order.id}
      renderItem={(order) => <EquityOrderCard order={order} onOpen={(item) => onOpen(item.id)} />}
      label={t(ORDER_STATUS_NAMES[status])}
      emptyText={t(status === 'active' ? 'equityOrdersEmpty' : 'equityOrdersNoneEnded')}
      emptyAction={
        <EmptyListLink to={paths.equity.href()} label={t('equityOrdersGoInvest')} testId="equity-orders-go-invest" />
      }
      failedText={t('equityOrdersFailed')}
      testId="equity-orders"
    />
  );
}

/** The member's share orders, earning or ended; `?id=` shows one order in detail. */
export default function EquityOrdersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const status: EquityOrderStatus = isOrderStatus(requested) ? requested : 'active';
  const id = params.get('id');
  const { go } = useAppNavigate();

  if (id) {
    return (
      <div className="equity-orders">
        <OrderDetail key={id} id={id} onBack={() => setParams({ status }, { replace: true })} />
      </div>
    );
  }
  return (
    <div className="equity-orders">
      <TabSwitch
        options={EQUITY_ORDER_STATUSES.map((value) => ({ value, label: t(ORDER_STATUS_NAMES[value]) }))}
        value={status}
        onChange={(value) => setParams({ status: value }, { replace: true })}
        label={t('titleEquityOrders')}
        testIdPrefix="equity-tab"
      />
      {/* Each status keeps its own list; an order opens as its own history entry, so back returns here. */}
      <OrderList
        key={status}
        status={status}
        onOpen={(orderId) => go(paths.equityOrder.href({ status, id: orderId }))}
      />
    </div>
  );
}
