import { ASSET_SCALES, ASSETS, type Asset, formatAmount } from '@minecloud/contract/amount';
import { newIdempotencyKey } from '@minecloud/contract/client';
import type { AdjustmentLimits, MemberDetail } from '@minecloud/contract/console';
import { signedUnits } from '@minecloud/contract/decimal';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Input, Modal, Select, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '@/components/amount';
import { groupDigits } from '@/lib/figures';
import { useNotify } from '@/lib/notify';
import { useCall } from '@/lib/use-call';
import { adjustBalance, refreshAfterAdjust } from '../api/adjust-balance';
import { useAdjustmentLimits } from '../api/get-adjustment-limits';
import { NS } from '../i18n';

type Values = { asset: Asset; amount: string; reason: string };
type AssetLimits = AdjustmentLimits['list'][number];

export type CreditCheck = { needsSecond: boolean; overCap: boolean };

/**
 * What the server will do with a credit of `units`: move it at once, or keep it waiting
 * for a second operator (the operator's own credits of the day would pass `approvalAbove`); and
 * whether the day's credits would pass the daily cap (refused). Debits are always immediate.
 */
export function checkCredit(units: bigint, asset: Asset, limits: AssetLimits | undefined): CreditCheck {
  if (units <= 0n || !limits) return { needsSecond: false, overCap: false };
  const of = (text: string) => signedUnits(text, asset) ?? 0n;
  return {
    needsSecond: of(limits.mineToday) + units > of(limits.approvalAbove),
    overCap: of(limits.creditedToday) + units > of(limits.dailyCap),
  };
}

/** contract admin.ts adjustBodySchema's amount: a signed decimal without leading zeros. */
const AMOUNT_PATTERN = /^-?(0|[1-9]\d*)(\.\d+)?$/;

export type AmountCheck = 'amountRequired' | 'amountInvalid' | 'amountDecimals' | 'amountZero' | null;

/** Why `text` is not an adjustment of `asset` (signed, not zero, within the asset's decimals). */
export function checkAdjustAmount(text: string, asset: Asset): AmountCheck {
  const trimmed = text.trim();
  if (!trimmed) return 'amountRequired';
  if (!AMOUNT_PATTERN.test(trimmed)) return 'amountInvalid';
  const decimals = trimmed.split('.')[1] ?? '';
  if (decimals.length > ASSET_SCALES[asset]) return 'amountDecimals';
  const units = signedUnits(trimmed, asset);
  if (units === null) return 'amountInvalid';
  if (units === 0n) return 'amountZero';
  return null;
}

/**
 * Credit or debit one asset of a member, with a reason for the audit log. Two steps: the form,
 * then before → after; the request carries an Idempotency-Key kept for retries of the same form.
 */
export function AdjustModal({ member, open, onClose }: { member: MemberDetail; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [confirming, setConfirming] = useState<Values | null>(null);
  const { busy, problem, setProblem, run } = useCall();
  // The key belongs to one form's content: a retry sends it again, a changed form gets a new one.
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const asset = Form.useWatch('asset', form) ?? 'USDT';
  // What this operator may still credit alone today; without it the server still decides.
  const limits = useAdjustmentLimits(open);

  function close() {
    form.resetFields();
    setConfirming(null);
    setProblem(null);
    attempt.current = null;
    onClose();
  }

  function available(of: Asset): string {
    return member.accounts.find((account) => account.asset === of)?.available ?? '0';
  }

  async function submit(values: Values) {
    const body = { userId: member.id, asset: values.asset, amount: values.amount.trim(), reason: values.reason.trim() };
    const text = JSON.stringify(body);
    if (attempt.current?.body !== text) attempt.current = { body: text, key: newIdempotencyKey() };
    const idempotencyKey = attempt.current.key;
    await run(async () => {
      const answer = await adjustBalance(body, idempotencyKey);
      if (answer?.status === 'pending') notify.success(t('sentForApproval', { id: answer.requestId }));
      else notify.success(t('adjusted'));
      await refreshAfterAdjust(queryClient, member.id);
      close();
    });
  }

  let preview: { before: string; after: string; negative: boolean } | null = null;
  let credit: CreditCheck = { needsSecond: false, overCap: false };
  const assetLimits = limits.data?.list.find((entry) => entry.asset === confirming?.asset);
  if (confirming) {
    const before = signedUnits(available(confirming.asset), confirming.asset) ?? 0n;
    const change = signedUnits(confirming.amount, confirming.asset) ?? 0n;
    const after = before + change;
    preview = {
      before: formatAmount(before, confirming.asset),
      after: formatAmount(after, confirming.asset),
      negative: after < 0n,
    };
    credit = checkCredit(change, confirming.asset, assetLimits);
  }

  return (
    <Modal
      open={open}
      title={confirming ? t('confirmTitle') : t('adjustTitle', { id: member.id })}
      onCancel={close}
      mask={{ closable: false }}
      footer={
        confirming ? (
          <>
            <Button onClick={() => setConfirming(null)} disabled={busy}>
              {t('edit')}
            </Button>
            <Button
              type="primary"
              danger={confirming.amount.trim().startsWith('-')}
              loading={busy}
              disabled={preview?.negative}
              onClick={() => submit(confirming)}
            >
              {problem ? t('common:retry') : credit.needsSecond ? t('submitForApproval') : t('submit')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={close}>{t('common:cancel')}</Button>
            <Button type="primary" onClick={() => form.submit()}>
              {t('next')}
            </Button>
          </>
        )
      }
    >
      <Form<Values>
        form={form}
        name="adjust"
        layout="vertical"
        initialValues={{ asset: 'USDT', amount: '', reason: '' }}
        onFinish={(values) => {
          setProblem(null);
          setConfirming(values);
        }}
        style={{ display: confirming ? 'none' : undefined }}
        requiredMark={false}
      >
        <Form.Item name="asset" label={t('common:asset')}>
          <Select options={ASSETS.map((a) => ({ value: a, label: a }))} />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('common:amount')}
          extra={t('adjustAmountHint', { decimals: ASSET_SCALES[asset], asset })}
          dependencies={['asset']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) => {
                const of: Asset = getFieldValue('asset');
                const problem = checkAdjustAmount(value ?? '', of);
                return problem
                  ? Promise.reject(new Error(t(problem, { decimals: ASSET_SCALES[of], asset: of })))
                  : Promise.resolve();
              },
            }),
          ]}
        >
          <Input inputMode="decimal" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('common:reason')}
          extra={t('adjustReasonHint')}
          rules={[
            {
              validator: (_, value: string | undefined) =>
                (value ?? '').trim().length >= 3 ? Promise.resolve() : Promise.reject(new Error(t('reasonMin'))),
            },
          ]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
      {confirming && preview && (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('common:member')}>{member.id}</Descriptions.Item>
            <Descriptions.Item label={t('common:amount')}>
              <Amount value={confirming.amount.trim()} asset={confirming.asset} />
            </Descriptions.Item>
            <Descriptions.Item label={t('before')}>
              <Amount value={preview.before} asset={confirming.asset} />
            </Descriptions.Item>
            <Descriptions.Item label={t('after')}>
              <Amount value={preview.after} asset={confirming.asset} />
            </Descriptions.Item>
            <Descriptions.Item label={t('common:reason')}>
              <Typography.Text>{confirming.reason.trim()}</Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          {preview.negative && <Alert type="warning" showIcon title={t('belowZero')} style={{ marginTop: 16 }} />}
          {credit.needsSecond && assetLimits && (
            <Alert
              type="info"
              showIcon
              data-testid="needs-second"
              title={t('needsSecond', {
                limit: groupDigits(assetLimits.approvalAbove),
                mine: groupDigits(assetLimits.mineToday),
                asset: confirming.asset,
              })}
              style={{ marginTop: 16 }}
            />
          )}
          {credit.overCap && assetLimits && (
            <Alert
              type="warning"
              showIcon
              data-testid="over-cap"
              title={t('overCap', {
                cap: groupDigits(assetLimits.dailyCap),
                credited: groupDigits(assetLimits.creditedToday),
                asset: confirming.asset,
              })}
              style={{ marginTop: 16 }}
            />
          )}
          {problem && <Alert type="error" showIcon title={problem} role="alert" style={{ marginTop: 16 }} />}
        </>
      )}
    </Modal>
  );
}
