import { usdtText, usdtUnits } from '@minecloud/contract/decimal';
import type { MinerProduct } from '@minecloud/contract/miner';
import { Button, Popup } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBalances } from '@/api/get-balances';
import { PurchaseSummary } from '@/components/purchase-summary';
import { QuantityStepper } from '@/components/quantity-stepper';
import { hashRateText } from '@/lib/hash-rate-text';
import { useLocale } from '@/lib/locale';
import { useMoneyAction } from '@/lib/money-action';
import { useMoneyText } from '@/lib/money-text';
import { parseWholeNumber, type QuantityNote } from '@/lib/quantity';
import { showToast } from '@/lib/toast';
import { useBuyMiners } from '../api/buy-miners';
import { checkPurchase, minimumOf, type PurchaseProblem, purchaseLimit, purchaseTotal } from '../lib/purchase';
import './buy-sheet.css';

function useProblemText() {
  const { t } = useTranslation();
  return (problem: PurchaseProblem): string => {
    switch (problem.reason) {
      case 'noProduct':
        return t('minerSelectFirst');
      case 'noQuantity':
        return t('minerQuantityRequired');
      case 'notWholeNumber':
        return t('quantityWholeNumber');
      case 'belowMinimum':
        return t('minerBelowMinimum', { n: problem.min });
      case 'aboveStock':
        return t('minerAboveStock', { n: problem.max });
      case 'insufficient':
        return t('amountInsufficient');
    }
  };
}

/** Why the quantity stops where it does: the stock, or what the balance pays. */
function useLimitText() {
  const { t } = useTranslation();
  return (note: QuantityNote): string => {
    switch (note.reason) {
      case 'stock':
        return t('minerAboveStock', { n: note.max });
      case 'balance':
        return t('quantityBalanceLimit', { n: note.max });
      case 'unaffordable':
        return t('amountInsufficient');
    }
  };
}

function AvailableUsdt() {
  const { t } = useTranslation();
  const money = useMoneyText();
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
  } else shown = `${money(balances.data.USDT.available, 'USDT')} USDT`;
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
  const limitText = useLimitText();
  const locale = useLocale();
  const money = useMoneyText();
  const balances = useBalances();
  const buy = useMoneyAction(useBuyMiners());
  const [quantity, setQuantity] = useState(() => (product ? String(minimumOf(product)) : ''));
  // Problems show once the member has tried to buy, then follow every change.
  const [tried, setTried] = useState(false);

  const checked = checkPurchase(product, quantity, usdtUnits(balances.data?.USDT.available));
  // A quantity that is not a whole number is refused at once, while typing.
  const error = !checked.ok && (tried || checked.reason === 'notWholeNumber') ? problemText(checked) : null;
  const typed = parseWholeNumber(quantity);
  const total = product && typed.ok ? purchaseTotal(product.price, typed.value) : null;

  function submit() {
    setTried(true);
    buy.start(
      () =>
        checked.ok &&
        product && {
          body: { productId: checked.productId, quantity: checked.quantity },
          confirm: (
            <PurchaseSummary
              title={t('minerConfirmTitle')}
              rows={[
                { label: t('minerName'), value: product.name, testId: 'buy-confirm-name' },
                {
                  label: t('minerQuantity'),
                  value: t('minerUnits', { n: checked.quantity }),
                  testId: 'buy-confirm-quantity',
                },
                {
                  label: t('minerTotal'),
                  value: `${usdtText(checked.total, locale)} USDT`,
                  testId: 'buy-confirm-total',
                },
              ]}
            />
          ),
        },
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
        submit();
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
              {hashRateText(product.hashRate)} TH/s · {money(product.price, 'USDT')} U ·{' '}
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
          limit={product ? purchaseLimit(product, usdtUnits(balances.data?.USDT.available)) : null}
          noteText={limitText}
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
        <strong data-testid="buy-total">{total === null ? '--' : usdtText(total, locale)}</strong>
        <span className="buy-sheet__unit">USDT</span>
      </div>
      <AvailableUsdt />
      {product && (
        <p className="buy-sheet__note" data-testid="buy-burn-note">
          {t('minerBurnNote', { pct: product.burnRatePct, kept: hashRateText(product.keptHashRate) })}
        </p>
      )}
      <Button type="submit" color="primary" size="large" block loading={buy.busy} data-testid="buy-submit">
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
