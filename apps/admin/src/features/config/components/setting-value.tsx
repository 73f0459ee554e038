import type { SettingKind } from '@minecloud/contract/console';
import { percentOf } from '@minecloud/contract/decimal';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import { SETTINGS_NS } from '../lib/setting-labels';

export function sumOf(values: readonly unknown[]): number {
  return values.reduce<number>((sum, value) => sum + (typeof value === 'number' ? value : 0), 0);
}

/** A setting's value as the operator reads it, by kind; anything unexpected is shown as JSON. */
export function SettingValue({ kind, value }: { kind: SettingKind | undefined; value: unknown }) {
  const { t } = useTranslation(NS);
  if (kind === 'boolean' && typeof value === 'boolean') {
    return <Tag color={value ? 'green' : 'default'}>{value ? t('on') : t('off')}</Tag>;
  }
  if (kind === 'assets' && Array.isArray(value)) {
    return (
      <Flex gap={4} wrap>
        {value.map((asset) => (
          <Tag key={String(asset)}>{String(asset)}</Tag>
        ))}
      </Flex>
    );
  }
  if (kind === 'percentages' && Array.isArray(value)) {
    return (
      <Typography.Text code>
        {value.join(' / ')} (Σ {sumOf(value)}%)
      </Typography.Text>
    );
  }
  if ((kind === 'email' || kind === 'telegram') && value === '') return <Tag>{t('notSet')}</Tag>;
  if (kind === 'rate' && typeof value === 'string') {
    return (
      <span>
        <Typography.Text code>{value}</Typography.Text>{' '}
        <Typography.Text type="secondary">({percentOf(value)}%)</Typography.Text>
      </span>
    );
  }
  if (typeof value === 'string' || typeof value === 'number') return <Typography.Text code>{value}</Typography.Text>;
  return <Typography.Text code>{JSON.stringify(value) ?? '-'}</Typography.Text>;
}

/** A setting's name in the console's language, with its key below it. */
export function SettingName({ settingKey }: { settingKey: string }) {
  const { t } = useTranslation(SETTINGS_NS);
  return (
    <Flex vertical>
      <span>{t(`label.${settingKey}`, { defaultValue: settingKey })}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {settingKey}
      </Typography.Text>
    </Flex>
  );
}

/** A change of a setting: the value before → the value after. */
export function SettingDiff({
  kind,
  before,
  after,
}: {
  kind: SettingKind | undefined;
  before: unknown;
  after: unknown;
}) {
  return (
    <Flex gap={8} align="center" wrap>
      <SettingValue kind={kind} value={before} />
      <span>→</span>
      <SettingValue kind={kind} value={after} />
    </Flex>
  );
}
