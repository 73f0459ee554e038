import { OPERATOR_ROLES, type OperatorRole, type OperatorRow } from '@minecloud/contract/console';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ConfirmDecision, useConfirmDecision } from '@/components/decision-modal';
import { LoadFailed } from '@/components/load-failed';
import { PageHeader } from '@/components/page-header';
import { roleKey } from '@/i18n/common';
import { formatTime } from '@/lib/format';
import { useNotify } from '@/lib/notify';
import { can, useMe } from '@/lib/session';
import { clearPasskeys } from '../api/clear-passkeys';
import type { OneTimePassword } from '../api/create-operator';
import { useOperators } from '../api/get-operators';
import { operatorsKeys } from '../api/query-keys';
import { resetOperator } from '../api/reset-operator';
import { unlockOperator } from '../api/unlock-operator';
import { updateOperator } from '../api/update-operator';
import { vouchOperator } from '../api/vouch-operator';
import { CreateOperatorModal } from '../components/create-modal';
import { PasskeyPolicy } from '../components/passkey-policy';
import { PasswordModal } from '../components/password-modal';
import { NS } from '../i18n';

const isLocked = (row: OperatorRow) => row.lockedUntil !== null && new Date(row.lockedUntil).getTime() > Date.now();

/**
 * The list of operator accounts: the owner creates, changes roles, disables, unlocks, resets, clears
 * lost passkeys and sets the roles that require passkeys; an owner or finance vouches for an approver
 * someone else set up (docs/operations.md, "Approvers and vouching").
 */
export function OperatorsPage() {
  const { t } = useTranslation(NS);
  const me = useMe();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<OneTimePassword | null>(null);
  const operators = useOperators();
  const manage = can(me.role, 'operatorsManage');
  const myRow = operators.data?.list.find((row) => row.id === me.id);
  /** As the server rules: an approver not awaiting a vouch, never for itself or an account it set up. */
  const mayVouch = (row: OperatorRow) =>
    row.vouchNeeded &&
    (me.role === 'owner' || me.role === 'finance') &&
    myRow !== undefined &&
    !myRow.vouchNeeded &&
    row.id !== me.id &&
    row.setUpBy !== me.username;

  const refresh = () => queryClient.invalidateQueries({ queryKey: operatorsKeys.list });

  const confirmDecision = useConfirmDecision();
  /** Asks first; a refusal (the last owner, say) is shown and the list reloads. */
  const confirm = (decision: Omit<ConfirmDecision, 'settle'>) => confirmDecision({ ...decision, settle: refresh });

  function changeRole(row: OperatorRow, role: OperatorRole) {
    confirm({
      title: t('roleTitle', { name: row.username, role: t(roleKey(role)) }),
      okText: t('common:confirm'),
      run: async () => {
        await updateOperator(row.id, { role });
        notify.success(t('roleChanged'));
      },
    });
  }

  function setDisabled(row: OperatorRow, disabled: boolean) {
    confirm({
      title: t(disabled ? 'disableTitle' : 'enableTitle', { name: row.username }),
      content: disabled ? t('disableText') : undefined,
      okText: disabled ? t('disable') : t('enable'),
      danger: disabled,
      run: async () => {
        await updateOperator(row.id, { disabled });
        notify.success(t(disabled ? 'disabledDone' : 'enabledDone', { name: row.username }));
      },
    });
  }

  async function unlock(row: OperatorRow) {
    try {
      await unlockOperator(row.id);
      notify.success(t('unlocked', { name: row.username }));
    } catch (error) {
      notify.error(error);
    }
    await refresh();
  }

  function vouch(row: OperatorRow) {
    confirm({
      title: t('vouchTitle', { name: row.username }),
      content: t('vouchText', { name: row.username, by: row.setUpBy ?? '—' }),
      okText: t('vouch'),
      run: async () => {
        await vouchOperator(row.id);
        notify.success(t('vouched', { name: row.username }));
      },
    });
  }

  function reset(row: OperatorRow) {
    confirm({
      title: t('resetTitle', { name: row.username }),
      content: t('resetText'),
      okText: t('reset'),
      danger: true,
      run: async () => {
        setShown(await resetOperator(row.id));
      },
    });
  }

  function removePasskeys(row: OperatorRow) {
    confirm({
      title: t('clearPasskeysTitle', { name: row.username }),
      content: t('clearPasskeysText'),
      okText: t('clearPasskeys'),
      danger: true,
      run: async () => {
        await clearPasskeys(row.id);
        notify.success(t('passkeysCleared', { name: row.username }));
      },
    });
  }

  const columns: ColumnsType<OperatorRow> = [
    {
      title: t('username'),
      dataIndex: 'username',
      render: (name: string, row) => (
        <Space>
          {name}
          {row.id === me.id && <Tag>{t('you')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('role'),
      dataIndex: 'role',
      render: (role: OperatorRole, row) => (
        <Select<OperatorRole>
          aria-label={`${t('role')} ${row.username}`}
          value={role}
          disabled={row.id === me.id || !manage}
          style={{ width: 140 }}
          onChange={(next) => changeRole(row, next)}
          options={OPERATOR_ROLES.map((value) => ({ value, label: t(roleKey(value)) }))}
        />
      ),
    },
    {
      title: t('vouchState'),
      key: 'vouch',
      render: (_, row) => (
        <Space size={4} wrap>
          {row.vouchNeeded && <Tag color="orange">{t('awaitingVouch')}</Tag>}
          {row.setUpBy && <span>{t('setUpBy', { name: row.setUpBy })}</span>}
          {row.vouchedBy && <span>{t('vouchedBy', { name: row.vouchedBy })}</span>}
        </Space>
      ),
    },
    {
      title: t('totp'),
      dataIndex: 'totpEnabled',
      render: (on: boolean) => <Tag color={on ? 'green' : 'orange'}>{on ? t('on') : t('off')}</Tag>,
    },
    { title: t('passkeys'), dataIndex: 'passkeys', align: 'right' },
    {
      title: t('state'),
      dataIndex: 'disabled',
      render: (disabled: boolean) =>
        disabled ? <Tag color="red">{t('disabled')}</Tag> : <Tag color="green">{t('enabled')}</Tag>,
    },
    {
      title: t('lockedUntil'),
      dataIndex: 'lockedUntil',
      render: (until: string | null, row) => (isLocked(row) ? <Tag color="red">{formatTime(until)}</Tag> : '—'),
    },
    { title: t('failedLogins'), dataIndex: 'failedLogins', align: 'right' },
    {
      title: t('lastLogin'),
      dataIndex: 'lastLoginAt',
      render: (v: string | null) => (v ? formatTime(v) : t('never')),
    },
    {
      title: t('common:actions'),
      key: 'actions',
      render: (_, row) =>
        row.id === me.id ? null : (
          <Space wrap>
            {mayVouch(row) && (
              <Button size="small" type="primary" onClick={() => vouch(row)}>
                {t('vouch')}
              </Button>
            )}
            {manage && manageButtons(row)}
          </Space>
        ),
    },
  ];

  /** The owner's own actions on an account. */
  function manageButtons(row: OperatorRow) {
    return (
      <>
        <Button size="small" danger={!row.disabled} onClick={() => setDisabled(row, !row.disabled)}>
          {row.disabled ? t('enable') : t('disable')}
        </Button>
        {(isLocked(row) || row.failedLogins > 0) && (
          <Button size="small" onClick={() => unlock(row)}>
            {t('unlock')}
          </Button>
        )}
        <Button size="small" danger onClick={() => reset(row)}>
          {t('reset')}
        </Button>
        {row.passkeys > 0 && (
          <Button size="small" danger onClick={() => removePasskeys(row)}>
            {t('clearPasskeys')}
          </Button>
        )}
      </>
    );
  }

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={t('title')}
        extra={
          manage && (
            <Button type="primary" onClick={() => setCreating(true)}>
              {t('create')}
            </Button>
          )
        }
      />
      {operators.isError && <LoadFailed error={operators.error} onRetry={() => operators.refetch()} />}
      <Table<OperatorRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={operators.data?.list ?? []}
        loading={operators.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: operators.isError ? t('common:loadingFailed') : t('common:empty') }}
      />
      <CreateOperatorModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={async (created) => {
          setCreating(false);
          setShown(created);
          await refresh();
        }}
      />
      <PasswordModal shown={shown} onClose={() => setShown(null)} />
      {manage && <PasskeyPolicy />}
    </Flex>
  );
}
