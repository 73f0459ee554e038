import type { AuditRow } from '@minecloud/contract/console';
import { Button, Col, DatePicker, Flex, Input, Row, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { PagedTable } from '@/components/paged-table';
import { formatTime } from '@/lib/format';
import { auditLog } from '../api/get-audit-log';
import { NS } from '../i18n';

type Filters = { actor: string; action: string; from: string; to: string };
const NO_FILTERS: Filters = { actor: '', action: '', from: '', to: '' };

function Json({ value }: { value: unknown }) {
  const { t } = useTranslation(NS);
  if (value === null || value === undefined) return <Typography.Text type="secondary">{t('nothing')}</Typography.Text>;
  return (
    <pre style={{ margin: 0, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

function Change({ row }: { row: AuditRow }) {
  const { t } = useTranslation(NS);
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Typography.Text strong>{t('before')}</Typography.Text>
        <Json value={row.before} />
      </Col>
      <Col span={12}>
        <Typography.Text strong>{t('after')}</Typography.Text>
        <Json value={row.after} />
      </Col>
    </Row>
  );
}

/** Who did what and when, with the before and after of each change; read-only. */
export function AuditPage() {
  const { t } = useTranslation(NS);
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [applied, setApplied] = useState<Filters>(NO_FILTERS);
  // The range picker keeps its own text; a reset mounts a fresh one.
  const [pickerKey, setPickerKey] = useState(0);

  function apply(event: FormEvent) {
    event.preventDefault();
    setApplied({ ...draft, actor: draft.actor.trim(), action: draft.action.trim() });
  }

  function reset() {
    setDraft(NO_FILTERS);
    setApplied(NO_FILTERS);
    setPickerKey((key) => key + 1);
  }

  const columns: ColumnsType<AuditRow> = [
    { title: t('time'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
    { title: t('actor'), dataIndex: 'actor' },
    { title: t('action'), dataIndex: 'action', render: (v: string) => <Tag>{v}</Tag> },
    { title: t('target'), dataIndex: 'target', render: (v: string | null) => v ?? '—' },
    {
      title: t('requestId'),
      dataIndex: 'requestId',
      render: (v: string | null) =>
        v ? (
          <Typography.Text copyable style={{ fontFamily: 'monospace', fontSize: 12 }}>
            {v}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
  ];

  const query = {
    actor: applied.actor || undefined,
    action: applied.action || undefined,
    from: applied.from || undefined,
    to: applied.to || undefined,
  };

  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('title')} intro={t('readOnly')} />
      <PagedTable<AuditRow>
        {...auditLog}
        query={query}
        columns={columns}
        rowKey="id"
        expandable={{ expandedRowRender: (row) => <Change row={row} /> }}
        toolbar={
          <form onSubmit={apply}>
            <Space wrap>
              <Input
                aria-label={t('actor')}
                placeholder={t('actorPlaceholder')}
                value={draft.actor}
                maxLength={80}
                onChange={(event) => setDraft({ ...draft, actor: event.target.value })}
                style={{ width: 170 }}
              />
              <Input
                aria-label={t('action')}
                placeholder={t('actionPlaceholder')}
                value={draft.action}
                maxLength={80}
                onChange={(event) => setDraft({ ...draft, action: event.target.value })}
                style={{ width: 210 }}
              />
              <DatePicker.RangePicker
                key={pickerKey}
                aria-label={t('dates')}
                placeholder={[t('from'), t('to')]}
                format="YYYY-MM-DD"
                allowEmpty={[true, true]}
                onChange={(_, [from, to]) => setDraft((current) => ({ ...current, from, to }))}
              />
              <Button type="primary" htmlType="submit">
                {t('apply')}
              </Button>
              <Button onClick={reset}>{t('common:reset')}</Button>
            </Space>
          </form>
        }
      />
    </Flex>
  );
}
