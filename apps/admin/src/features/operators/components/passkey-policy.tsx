import { OPERATOR_ROLES, type OperatorRole } from '@minecloud/contract/console';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Flex, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/load-failed';
import { roleKey } from '@/i18n/common';
import { useNotify } from '@/lib/notify';
import { useCall } from '@/lib/use-call';
import { usePasskeyPolicy } from '../api/get-passkey-policy';
import { operatorsKeys } from '../api/query-keys';
import { setPasskeyPolicy } from '../api/set-passkey-policy';
import { NS } from '../i18n';

/** The roles that must sign in with a passkey (docs/operations.md, "Passkeys"). */
export function PasskeyPolicy() {
  const { t } = useTranslation(NS);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const policy = usePasskeyPolicy();
  const [chosen, setChosen] = useState<OperatorRole[] | null>(null);
  const { busy, problem, run } = useCall();
  const roles = chosen ?? policy.data?.roles ?? [];

  async function save() {
    await run(async () => {
      queryClient.setQueryData(operatorsKeys.passkeyPolicy, await setPasskeyPolicy(roles));
      setChosen(null);
      notify.success(t('passkeyPolicySaved'));
    });
  }

  return (
    <Card title={t('passkeyPolicy')}>
      <Typography.Paragraph type="secondary">{t('passkeyPolicyText')}</Typography.Paragraph>
      {policy.isLoading && <Spin />}
      {policy.isError && <LoadFailed error={policy.error} onRetry={() => policy.refetch()} />}
      {policy.isSuccess && (
        <Flex vertical gap={12} align="start">
          <Checkbox.Group<OperatorRole>
            aria-label={t('passkeyPolicy')}
            value={roles}
            onChange={setChosen}
            options={OPERATOR_ROLES.map((value) => ({ value, label: t(roleKey(value)) }))}
          />
          {problem && <Alert type="error" showIcon title={problem} role="alert" />}
          <Button type="primary" onClick={save} loading={busy} disabled={chosen === null}>
            {t('common:save')}
          </Button>
        </Flex>
      )}
    </Card>
  );
}
