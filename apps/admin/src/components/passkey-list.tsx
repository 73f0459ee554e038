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

registerMessages(NS, {
  en: {
    name: 'Name',
    created: 'Added',
    lastUsed: 'Last used',
    never: 'Never',
    remove: 'Remove',
    removeTitle: 'Remove the passkey “{{name}}”?',
    removeText: 'It can no longer sign you in.',
    none: 'No passkeys yet',
    add: 'Add a passkey',
    namePlaceholder: 'e.g. Work laptop',
    nameHint: 'A name to tell your passkeys apart',
    unavailable:
      'This browser cannot use passkeys here. Open the console in a browser with passkey support, at its host name (not an IP address).',
    cancelled: 'The passkey was not created (cancelled, timed out, or already on this device)',
    required: 'Required',
  },
  'zh-CN': {
    name: '名称',
    created: '添加时间',
    lastUsed: '最近使用',
    never: '从未使用',
    remove: '删除',
    removeTitle: '删除通行密钥“{{name}}”？',
    removeText: '删除后将无法再用它登录。',
    none: '尚未添加通行密钥',
    add: '添加通行密钥',
    namePlaceholder: '例如：办公电脑',
    nameHint: '用于区分您的各个通行密钥',
    unavailable: '此浏览器无法在此处使用通行密钥。请使用支持通行密钥的浏览器，并通过域名（而非 IP 地址）打开后台。',
    cancelled: '未创建通行密钥（已取消、已超时，或此设备上已有）',
    required: '必填',
  },
});

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
