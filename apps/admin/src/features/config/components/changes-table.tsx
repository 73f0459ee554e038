import type { SettingChange, SettingKind } from '@minecloud/contract/console';
import { Select, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '@/components/paged-table';
import { TimeText } from '@/components/time-text';
import { settingChanges } from '../api/get-setting-changes';
import { NS } from '../i18n';
import { SETTINGS_NS } from '../lib/setting-labels';
import { SettingDiff, SettingName } from './setting-value';

/** Every change of the settings, newest first, optionally of one setting only. */
export function ChangesTable({
  keys,
  kinds,
  keyFilter,
  onKeyFilter,
}: {
  keys: string[];
  kinds: Map<string, SettingKind>;
  keyFilter: string | undefined;
  onKeyFilter: (key: string | undefined) => void;
}) {
  const { t } = useTranslation([NS, SETTINGS_NS]);
  const labelOf = (key: string) => t(`${SETTINGS_NS}:label.${key}`, { defaultValue: key });

  const columns: TableColumnsType<SettingChange> = [
    { title: t('time'), dataIndex: 'createdAt', render: (value: string) => <TimeText value={value} /> },
    { title: t('who'), dataIndex: 'actor' },
    {
      title: t('key'),
      dataIndex: 'key',
      render: (key: string) => <SettingName settingKey={key} />,
    },
    {
      title: t('change'),
      key: 'change',
      width: 320,
      render: (_, row) => <SettingDiff kind={kinds.get(row.key)} before={row.before} after={row.value} />,
    },
    { title: t('effective'), dataIndex: 'effectiveAt', render: (value: string) => <TimeText value={value} /> },
    {
      title: t('requestId'),
      dataIndex: 'requestId',
      render: (value: string | null) => (value ? <Typography.Text copyable>{value}</Typography.Text> : '-'),
    },
  ];

  return (
    <PagedTable<SettingChange>
      {...settingChanges}
      query={{ key: keyFilter }}
      columns={columns}
      rowKey="id"
      toolbar={
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={t('keyFilter')}
          placeholder={t('allKeys')}
          value={keyFilter}
          onChange={(value?: string) => onKeyFilter(value)}
          options={keys.map((key) => ({ value: key, label: labelOf(key) }))}
          style={{ minWidth: 260 }}
        />
      }
    />
  );
}
