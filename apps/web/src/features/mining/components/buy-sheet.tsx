import { truncateDecimals } from '@minecloud/contract/amount';
import type { MinerProduct } from '@minecloud/contract/miner';
import { Button, Popup } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBalances } from '@/api/get-balances';
import { PurchaseSummary } from '@/components/purchase-summary';
import { QuantityStepper } from '@/components/quantity-stepper';
import { confirmDialog } from '@/lib/dialog';
import { hashRateText } from '@/lib/hash-rate-text';
import { showToast } from '@/lib/toast';
import { useBuyMiners } from '../api/buy-miners';
import { checkPurchase, minimumOf, type PurchaseProblem, purchaseTotal, usdtText, usdtUnits } from '../lib/purchase';
import './buy-sheet.css';

function useProblemText() {
  const { t } = useTranslation();
  return (problem: PurchaseProblem): string => {
    switch (problem.reason) {
      case 'noProduct':
        return t('minerSelectFirst');
      case 'noQuantity':
        return t('minerQuantityRequired');
      case 'belowMinimum':
        return t('minerBelowMinimum', { n: problem.min });
      case 'aboveStock':
        return t('minerAboveStock', { n: problem.max });
      case 'insufficient':
        return t('amountInsufficient');
    }
  };
}

function AvailableUsdt() {
  const { t } = useTranslation();
  const balances = useBalances();
  let shown: ReactNode;
  if (balances.isPending) shown = '…';
  else if (balances.isError) {
    shown = (
      <button
        type="button"
        className="plain-button buy-sheet__retry"
        onClick={() => void balances.refetch()}
        data-testid="buy-available-retry"
      >
        {t('listError')} {t('listRetry')}
      </button>
    );
  } else shown = `${truncateDecimals(balances.data.USDT.available, 2)} USDT`;
  return (
    <p className="buy-sheet__available">
      {t('availableBalance')} <strong data-testid="buy-available">{shown}</strong>
    </p>
  );
}

type BuyFormProps = { product: MinerProduct | null; onDone: () => void };

function BuyForm({ product, onDone }: BuyFormProps) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const balances = useBalances();
  const buy = useBuyMiners();
  const [quantity, setQuantity] = useState(() => (product ? String(minimumOf(product)) : ''));
  // Problems show once the member has tried to buy, then follow every change.
  const [tried, setTried] = useState(false);

  const checked = checkPurchase(product, quantity, usdtUnits(balances.data?.USDT.available));
  const error = tried && !checked.ok ? problemText(checked) : null;
  const total = product && quantity ? purchaseTotal(product.price, Number(quantity)) : null;

  async function submit() {
    setTried(true);
    if (!checked.ok || !product || buy.isPending) return;
    const confirmed = await confirmDialog({
      content: (
        <PurchaseSummary
          title={t('minerConfirmTitle')}
          rows={[
            { label: t('minerName'), value: product.name, testId: 'buy-confirm-name' },
            {
              label: t('minerQuantity'),
              value: t('minerUnits', { n: checked.quantity }),
              testId: 'buy-confirm-quantity',
            },
            { label: t('minerTotal'), value: `${usdtText(checked.total)} USDT`, testId: 'buy-confirm-total' },
          ]}
        />
      ),
      confirmText: t('confirm'),
      cancelText: t('cancel'),
    });
    if (!confirmed) return;
    buy.mutate(
      { productId: checked.productId, quantity: checked.quantity },
      {
        onSuccess: (answer) => {
          showToast(t('minerBuySuccess', { h: hashRateText(answer.hashRate) }));
          onDone();
        },
      },
    );
  }

  return (
    <form
      className="buy-sheet__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid="buy-form"
    >
      {product ? (
        <div className="buy-sheet__product">
          <img className="buy-sheet__image" src={product.image} alt="" width={48} height={48} />
          <div>
            <p className="buy-sheet__name" data-testid="buy-product-name">
              {product.name}
            </p>
            <p className="buy-sheet__meta">
              {hashRateText(product.hashRate)} TH/s · {truncateDecimals(product.price, 2)} U ·{' '}
              {t('minerDays', { n: product.durationDays })}
            </p>
          </div>
        </div>
      ) : (
        <p className="buy-sheet__meta">{t('minerSelectFirst')}</p>
      )}
      <div className="buy-sheet__field">
        <label className="buy-sheet__label" htmlFor="buy-quantity">
          {t('minerQuantity')}
        </label>
        <QuantityStepper
          id="buy-quantity"
          value={quantity}
          onChange={setQuantity}
          min={product ? minimumOf(product) : 1}
          max={product ? Math.max(product.stock, minimumOf(product)) : 1}
          invalid={Boolean(error)}
          describedBy={error ? 'buy-quantity-error' : undefined}
          testId="buy-quantity"
        />
        {product && (
          <p className="buy-sheet__hint">
            {t('minerMinimum', { n: minimumOf(product) })} · {t('minerStock')} {t('minerUnits', { n: product.stock })}
          </p>
        )}
        {error && (
          <p id="buy-quantity-error" className="buy-sheet__error" role="alert" data-testid="buy-error">
            {error}
          </p>
        )}
      </div>
      <div className="buy-sheet__total">
        <span>{t('minerTotal')}</span>
        <strong data-testid="buy-total">{total === null ? '--' : usdtText(total)}</strong>
        <span className="buy-sheet__unit">USDT</span>
      </div>
      <AvailableUsdt />
      {product && (
        <p className="buy-sheet__note" data-testid="buy-burn-note">
          {t('minerBurnNote', { pct: product.burnRatePct, kept: hashRateText(product.keptHashRate) })}
        </p>
      )}
      <Button type="submit" color="primary" size="large" block loading={buy.isPending} data-testid="buy-submit">
        {t('minerBuyNow')}
      </Button>
    </form>
  );
}

type BuySheetProps = {
  /** The product as listed now (stock and price follow the catalogue); null when it is gone. */
  product: MinerProduct | null;
  /** Changes with each product the member opens, so the form starts afresh. */
  formKey: string;
  visible: boolean;
  onClose: () => void;
};

/** The bottom sheet of a purchase: how many, what it costs, what the member has; then confirm and pay. */
export function BuySheet({ product, formKey, visible, onClose }: BuySheetProps) {
  const { t } = useTranslation();
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} destroyOnClose bodyClassName="buy-sheet">
      <div role="dialog" aria-modal="true" aria-labelledby="buy-sheet-title" data-testid="buy-sheet">
        <header className="buy-sheet__head">
          <h2 id="buy-sheet-title" className="buy-sheet__title">
            {t('minerBuy')}
          </h2>
          <button
            type="button"
            className="plain-button buy-sheet__close"
            onClick={onClose}
            aria-label={t('close')}
            data-testid="buy-close"
          >
            ×
          </button>
        </header>
        <BuyForm key={formKey} product={product} onDone={onClose} />
      </div>
    </Popup>
  );
}
