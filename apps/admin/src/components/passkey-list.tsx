import { PASSKEY_NAME_MAX } from '@minecloud/contract/console';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Popconfirm, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { enrolPasskey } from '@/api/enrol-passkey';
import { type Passkey, type Passkeys, passkeysKey, usePasskeys } from '@/api/get-passkeys';
import { removePasskey } from '@/api/remove-passkey';
import { registerMessages } from '@/i18n';
import { formatTime } from '@/lib/format';
import { isBrowserRefusal, passkeysAvailable } from '@/lib/passkeys';
import { useCall } from '@/lib/use-call';
import { LoadFailed } from './load-failed';

const NS = 'passkeys';

// Its texts, one file per language (locales/passkeys/<language>.json).
await registerMessages(NS, import.meta.glob('./locales/passkeys/*.json', { import: 'default' }));

/**
 * The signed-in operator's passkeys: the list (added, last used), removing one, and adding one.
 * `onChange` runs after each change (the set-up step may be done).
 */
export function PasskeyList({ onChange }: { onChange?: () => void | Promise<void> }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ name: string }>();
  const passkeys = usePasskeys();
  const { busy, problem, setProblem, run } = useCall();
  const available = passkeysAvailable();

  async function changed(list: Passkeys) {
    queryClient.setQueryData(passkeysKey, list);
    await onChange?.();
  }

  async function add({ name }: { name: string }) {
    await run(async () => {
      try {
        await changed(await enrolPasskey(name.trim()));
        form.resetFields();
      } catch (error) {
        if (isBrowserRefusal(error)) throw new Error(t('cancelled'));
        throw error;
      }
    });
  }

  async function remove(passkey: Passkey) {
    setProblem(null);
    await run(async () => changed(await removePasskey(passkey.id)));
  }

  const columns: ColumnsType<Passkey> = [
    { title: t('name'), dataIndex: 'name' },
    { title: t('created'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
    { title: t('lastUsed'), dataIndex: 'lastUsedAt', render: (v: string | null) => (v ? formatTime(v) : t('never')) },
    {
      title: t('common:actions'),
      key: 'actions',
      render: (_, row) => (
        <Popconfirm
          title={t('removeTitle', { name: row.name })}
          description={t('removeText')}
          okText={t('remove')}
          okButtonProps={{ danger: true }}
          cancelText={t('common:cancel')}
          onConfirm={() => remove(row)}
        >
          <Button size="small" danger aria-label={`${t('remove')} ${row.name}`}>
            {t('remove')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      {passkeys.isError && <LoadFailed error={passkeys.error} onRetry={() => passkeys.refetch()} />}
      <Table<Passkey>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={passkeys.data?.list ?? []}
        loading={passkeys.isLoading}
        pagination={false}
        locale={{ emptyText: passkeys.isError ? t('common:loadingFailed') : t('none') }}
      />
      {problem && <Alert type="error" showIcon title={problem} role="alert" />}
      {available ? (
        <Form form={form} layout="inline" onFinish={add} requiredMark={false}>
          <Form.Item
            name="name"
            label={t('name')}
            tooltip={t('nameHint')}
            rules={[{ required: true, whitespace: true, message: t('required') }]}
          >
            <Input placeholder={t('namePlaceholder')} maxLength={PASSKEY_NAME_MAX} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('add')}
          </Button>
        </Form>
      ) : (
        <Alert type="warning" showIcon title={t('unavailable')} />
      )}
    </Flex>
  );
}
