import type { SettingKind, SettingRow } from '@minecloud/contract/console';
import { Alert, Button, Card, Flex, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '@/components/load-failed';
import { PageHeader } from '@/components/page-header';
import { formatTime } from '@/components/time-text';
import { allowed, useMe } from '@/lib/session';
import { useSettings } from '../api/get-settings';
import { ChangesTable } from '../components/changes-table';
import { PendingChanges } from '../components/pending-changes';
import { SettingEditModal } from '../components/setting-edit-modal';
import { SettingValue } from '../components/setting-value';
import { NS } from '../i18n';
import { groupOf, SETTING_GROUPS, SETTINGS_NS } from '../lib/setting-labels';

/** The settings by group, each with its default and scheduled changes; the owner edits, others read. */
export function ConfigPage() {
  const { t } = useTranslation([NS, SETTINGS_NS]);
  const me = useMe();
  const canEdit = allowed(me.role, ['owner']);
  const settings = useSettings();
  const [editing, setEditing] = useState<SettingRow | null>(null);
  const [keyFilter, setKeyFilter] = useState<string | undefined>();
  const historyRef = useRef<HTMLDivElement>(null);

  const rows = settings.data?.list ?? [];
  const groups = useMemo(() => {
    const byGroup = new Map<string, SettingRow[]>();
    for (const row of settings.data?.list ?? []) {
      const group = groupOf(row.key);
      byGroup.set(group, [...(byGroup.get(group) ?? []), row]);
    }
    return [...SETTING_GROUPS, 'other']
      .filter((group) => byGroup.has(group))
      .map((group) => ({ group, rows: byGroup.get(group) ?? [] }));
  }, [settings.data]);
  const kinds = useMemo(() => new Map<string, SettingKind>(rows.map((row) => [row.key, row.kind])), [rows]);
  const delay = rows.find((row) => row.key === 'config.loosenDelayHours')?.value;

  const showHistory = (key: string) => {
    setKeyFilter(key);
    historyRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

  const columns: TableColumnsType<SettingRow> = [
    {
      title: t('setting'),
      dataIndex: 'key',
      width: '26%',
      render: (key: string) => (
        <Flex vertical>
          <Tooltip title={t(`${SETTINGS_NS}:help.${key}`, { defaultValue: '' })}>
            <Typography.Text strong>{t(`${SETTINGS_NS}:label.${key}`, { defaultValue: key })}</Typography.Text>
          </Tooltip>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {key}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('value'),
      key: 'value',
      width: '24%',
      render: (_, row) => (
        <Flex gap={8} align="center" wrap>
          <SettingValue kind={row.kind} value={row.value} />
          {row.isDefault && <Tag>{t('defaultTag')}</Tag>}
        </Flex>
      ),
    },
    {
      title: t('default'),
      key: 'default',
      width: '18%',
      render: (_, row) => <SettingValue kind={row.kind} value={row.default} />,
    },
    {
      title: t('pending'),
      key: 'pending',
      render: (_, row) =>
        row.pending.length === 0 ? (
          '-'
        ) : (
          <Flex vertical gap={4}>
            {row.pending.map((change) => (
              <Flex key={change.id} gap={8} align="center" wrap>
                <SettingValue kind={row.kind} value={change.value} />
                <Typography.Text type="secondary">
                  {t('pendingAt', { time: formatTime(change.effectiveAt) })}
                </Typography.Text>
              </Flex>
            ))}
          </Flex>
        ),
    },
    {
      title: t('common:actions'),
      key: 'actions',
      fixed: 'end',
      width: 150,
      render: (_, row) => (
        <Flex gap={8}>
          {canEdit && (
            <Button size="small" type="primary" onClick={() => setEditing(row)}>
              {t('common:edit')}
            </Button>
          )}
          <Button size="small" onClick={() => showHistory(row.key)}>
            {t('history')}
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('title')} intro={t('intro')} />
      {!canEdit && <Alert type="info" showIcon title={t('readOnly')} />}
      <LoadState query={settings} empty={rows.length === 0} />
      <Card size="small" title={t('proposal.title')}>
        <Typography.Paragraph type="secondary">{t('proposal.intro')}</Typography.Paragraph>
        <PendingChanges kinds={kinds} />
      </Card>
      {groups.map(({ group, rows: groupRows }) => (
        <Card key={group} size="small" title={t(`${SETTINGS_NS}:group.${group}`)}>
          <Table<SettingRow>
            rowKey="key"
            size="small"
            columns={columns}
            dataSource={groupRows}
            pagination={false}
            tableLayout="fixed"
            scroll={{ x: 960 }}
          />
        </Card>
      ))}
      <div ref={historyRef}>
        <Typography.Title level={4}>{t('changesTitle')}</Typography.Title>
        <ChangesTable
          keys={rows.map((row) => row.key)}
          kinds={kinds}
          keyFilter={keyFilter}
          onKeyFilter={setKeyFilter}
        />
      </div>
      {editing && (
        <SettingEditModal
          row={editing}
          delayHours={typeof delay === 'number' ? delay : 24}
          onClose={() => setEditing(null)}
        />
      )}
    </Flex>
  );
}
