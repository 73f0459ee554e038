import type { EquityOrder, EquityOrderStatus } from '@minecloud/contract/equity';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@/i18n/i18n';
import { formatLocalTime } from '@/lib/format-time';
import { useLocale } from '@/lib/locale';
import { usdtFull } from '../lib/shares';
import './equity-order-card.css';

export const ORDER_STATUS_NAMES: Record<EquityOrderStatus, MessageKey> = {
  active: 'equityStatusActive',
  ended: 'equityStatusEnded',
};

export const ORDER_SOURCE_NAMES: Record<EquityOrder['source'], MessageKey> = {
  buy: 'equitySourceBuy',
  reinvest: 'equitySourceReinvest',
};

/** The figures an order card and the order detail share. */
export function OrderFigures({ order }: { order: EquityOrder }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <dl className="equity-order__figures">
      <div>
        <dt>{t('equityQuantity')}</dt>
        <dd data-testid="equity-order-quantity">{t('equityShares', { count: order.quantity })}</dd>
      </div>
      <div>
        <dt>{t('equityPayment')}</dt>
        <dd data-testid="equity-order-payment">{usdtFull(order.payment, locale)} U</dd>
      </div>
      <div>
        <dt>{t('equityPricePerShare')}</dt>
        <dd data-testid="equity-order-price">{usdtFull(order.pricePerShare, locale)} U</dd>
      </div>
      <div>
        <dt>{t('equityAnnualYield')}</dt>
        <dd data-testid="equity-order-yield">{order.annualYieldPct}%</dd>
      </div>
      <div className="is-wide">
        <dt>{t('equityCreatedAt')}</dt>
        <dd>
          <time dateTime={order.createdAt} data-testid="equity-order-created">
            {formatLocalTime(order.createdAt)}
          </time>
        </dd>
      </div>
      <div className="is-wide">
        <dt>{t('equityEndsAt')}</dt>
        <dd>
          <time dateTime={order.endsAt} data-testid="equity-order-ends">
            {formatLocalTime(order.endsAt)}
          </time>
        </dd>
      </div>
    </dl>
  );
}

/** The order's number, how it was bought, and its status. */
export function OrderHeading({ order, titleId }: { order: EquityOrder; titleId: string }) {
  const { t } = useTranslation();
  return (
    <header className="equity-order__head">
      <h3 id={titleId} className="equity-order__title">
        {t('equityOrderNo', { id: order.id })}
      </h3>
      <span className="equity-order__source" data-testid="equity-order-source">
        {t(ORDER_SOURCE_NAMES[order.source])}
      </span>
      <span className={`equity-order__status equity-order__status--${order.status}`} data-testid="equity-order-status">
        {t(ORDER_STATUS_NAMES[order.status])}
      </span>
    </header>
  );
}

/** One of the member's share orders; tapping it opens its detail. */
export function EquityOrderCard({ order, onOpen }: { order: EquityOrder; onOpen: (order: EquityOrder) => void }) {
  const { t } = useTranslation();
  const titleId = `equity-order-${order.id}-title`;
  return (
    <article className="equity-order" aria-labelledby={titleId} data-testid={`equity-order-${order.id}`}>
      <OrderHeading order={order} titleId={titleId} />
      <OrderFigures order={order} />
      {/* Stretched over the whole card, so a tap anywhere opens the detail. */}
      <button
        type="button"
        className="plain-button equity-order__open"
        onClick={() => onOpen(order)}
        aria-label={t('equityOrderOpen', { id: order.id })}
        data-testid={`equity-order-open-${order.id}`}
      >
        <span aria-hidden="true">{t('equityOrderDetails')} ›</span>
      </button>
    </article>
  );
}
