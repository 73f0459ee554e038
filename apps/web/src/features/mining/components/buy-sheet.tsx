import { usdtText, usdtUnits } from '@minecloud/contract/decimal';
import type { MinerProduct } from '@minecloud/contract/miner';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBalances } from '@/api/get-balances';
import BottomSheetPopup from '@/components/bottom-sheet-popup';
import { AvailableUsdt } from '@/components/purchase-sheet/available-usdt';
import { PurchaseField, PurchaseForm, PurchaseTotal } from '@/components/purchase-sheet/purchase-form';
import { PurchaseSheet } from '@/components/purchase-sheet/purchase-sheet';
import { useLimitText, useProblemText } from '@/components/purchase-sheet/use-problem-text';
import { QuantityStepper } from '@/components/quantity-stepper';
import { hashRateText } from '@/lib/hash-rate-text';
import { useLocale } from '@/lib/locale';
import { useMoneyAction } from '@/lib/money-action';
import { useMoneyText } from '@/lib/money-text';
import { parseWholeNumber } from '@/lib/quantity';
import { showToast } from '@/lib/toast';
import { useBuyMiners } from '../api/buy-miners';
import { checkPurchase, minimumOf, type PurchaseProblem, purchaseLimit, purchaseTotal } from '../lib/purchase';
import './buy-sheet.css';

type BuyFormProps = { product: MinerProduct | null; onDone: () => void };

function BuyForm({ product, onDone }: BuyFormProps) {
  const { t } = useTranslation();
  const problemText = useProblemText<PurchaseProblem>({
    noProduct: 'minerSelectFirst',
    noQuantity: 'minerQuantityRequired',
    notWholeNumber: 'quantityWholeNumber',
    belowMinimum: (problem) => t('minerBelowMinimum', { n: problem.min }),
    aboveStock: (problem) => t('minerAboveStock', { count: problem.max }),
    insufficient: 'amountInsufficient',
  });
  const limitText = useLimitText({ left: 'minerAboveStock', balance: 'minerBalanceLimit', units: 'minerUnits' });
  const locale = useLocale();
  const money = useMoneyText();
  const balances = useBalances();
  const buy = useMoneyAction(useBuyMiners());

  const [quantity, setQuantity] = useState(() => (product ? String(minimumOf(product)) : ''));
  const checked = checkPurchase(product, quantity, usdtUnits(balances.data?.USDT.available));
  // Problems show once the member has tried to buy; a quantity that is not a whole number at once, while typing.
  const error = !checked.ok && (buy.tried || checked.reason === 'notWholeNumber') ? problemText(checked) : null;
  const typed = parseWholeNumber(quantity);
  const total = product && typed.ok ? purchaseTotal(product.price, typed.value) : null;

  return (
    <PurchaseForm
      action={buy}
      prepare={() =>
        checked.ok &&
        product && {
          body: { productId: checked.productId, quantity: checked.quantity },
          title: t('minerConfirmTitle'),
          rows: [
            { label: t('minerName'), value: product.name, testId: 'buy-confirm-name' },
            {
              label: t('minerQuantity'),
              value: t('minerUnits', { count: checked.quantity }),
              testId: 'buy-confirm-quantity',
            },
            { label: t('minerTotal'), value: `${usdtText(checked.total, locale)} USDT`, testId: 'buy-confirm-total' },
          ],
        }
      }
      onPaid={(answer) => {
        showToast(t('minerBuySuccess', { h: hashRateText(answer.hashRate) }));
        onDone();
      }}
      submitText={t('minerBuyNow')}
      testId="buy"
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
              {t('minerDays', { count: product.durationDays })}
            </p>
          </div>
        </div>
      ) : (
        <p className="buy-sheet__meta">{t('minerSelectFirst')}</p>
      )}
      <PurchaseField id="buy-quantity" label={t('minerQuantity')} error={error} errorTestId="buy-error">
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
          <p className="purchase-sheet__hint">
            {t('minerMinimum', { n: minimumOf(product) })} · {t('minerStock')}{' '}
            {t('minerUnits', { count: product.stock })}
          </p>
        )}
      </PurchaseField>
      <PurchaseTotal
        label={t('minerTotal')}
        text={total === null ? '--' : usdtText(total, locale)}
        testId="buy-total"
      />
      <AvailableUsdt label={t('availableBalance')} query={balances} testId="buy-available" />
      {product && (
        <p className="purchase-sheet__note" data-testid="buy-burn-note">
          {t('minerBurnNote', { pct: product.burnRatePct, kept: hashRateText(product.keptHashRate) })}
        </p>
      )}
    </PurchaseForm>
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

/**
 * The bottom sheet of a purchase: how many, what it costs, what the member has; then confirm and pay.
 * This module loads lazily (mining-page.tsx), so it opens in the Popup itself.
 */
export function BuySheet({ product, formKey, visible, onClose }: BuySheetProps) {
  const { t } = useTranslation();
  return (
    <PurchaseSheet
      title={t('minerBuy')}
      testId="buy-sheet"
      formKey={formKey}
      visible={visible}
      onClose={onClose}
      shell={BottomSheetPopup}
      form={() => <BuyForm product={product} onDone={onClose} />}
    />
  );
}
