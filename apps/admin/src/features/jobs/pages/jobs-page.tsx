import { JOB_CATCH_UP_DAYS, JOB_NAMES } from '@minecloud/contract/admin';
import { Button, Card, Descriptions, Flex, Select, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '@/components/load-failed';
import { PageHeader } from '@/components/page-header';
import { PagedTable } from '@/components/paged-table';
import { TimeText } from '@/components/time-text';
import { jobRuns } from '../api/get-job-runs';
import { type JobInfo, type JobRun, useJobs } from '../api/get-jobs';
import { ResultText } from '../components/result-text';
import { RunJobModal } from '../components/run-job-modal';
import { NS } from '../i18n';

/** Only these may be started by hand (contract admin.ts runJobBodySchema). */
const RUNNABLE: readonly string[] = JOB_NAMES;

/**
 * The platform's jobs with their last run, how many days each is behind and the retries of its oldest
 * missing day, a way to run one again, and every run below.
 */
export function JobsPage() {
  const { t } = useTranslation(NS);
  const jobs = useJobs();
  const [running, setRunning] = useState<JobInfo | null>(null);
  const [jobFilter, setJobFilter] = useState<string | undefined>();
  const jobName = (name: string) => t(`job_${name}`, { defaultValue: name });
  const list = jobs.data?.list ?? [];

  const columns: TableColumnsType<JobRun> = [
    { title: t('jobFilter'), dataIndex: 'job', render: (name: string) => jobName(name) },
    { title: t('period'), dataIndex: 'period' },
    { title: t('started'), dataIndex: 'startedAt', render: (value: string) => <TimeText value={value} /> },
    {
      title: t('finished'),
      dataIndex: 'finishedAt',
      render: (value: string | null) =>
        value ? <TimeText value={value} /> : <Tag color="processing">{t('running')}</Tag>,
    },
    { title: t('trigger'), dataIndex: 'trigger' },
    { title: t('attempt'), dataIndex: 'attempt' },
    {
      title: t('result'),
      dataIndex: 'result',
      render: (value: string | null) =>
        value === null ? (
          '-'
        ) : (
          <Typography.Text code ellipsis style={{ maxWidth: 280 }}>
            {value}
          </Typography.Text>
        ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('title')} intro={t('intro')} />
      <LoadState query={jobs} empty={list.length === 0} />
      <Flex gap={16} wrap>
        {list.map((job) => (
          <Card
            key={job.name}
            title={jobName(job.name)}
            style={{ width: 380 }}
            extra={
              RUNNABLE.includes(job.name) && (
                <Button type="primary" onClick={() => setRunning(job)}>
                  {t('runAgain')}
                </Button>
              )
            }
          >
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('latestPeriod')}>{job.latestPeriod}</Descriptions.Item>
              {job.lastRun ? (
                <>
                  <Descriptions.Item label={t('lastRun')}>{job.lastRun.period}</Descriptions.Item>
                  <Descriptions.Item label={t('started')}>
                    <TimeText value={job.lastRun.startedAt} />
                  </Descriptions.Item>
                  <Descriptions.Item label={t('finished')}>
                    {job.lastRun.finishedAt ? (
                      <TimeText value={job.lastRun.finishedAt} />
                    ) : (
                      <Tag color="processing">{t('running')}</Tag>
                    )}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('trigger')}>{job.lastRun.trigger}</Descriptions.Item>
                </>
              ) : (
                <Descriptions.Item label={t('lastRun')}>{t('neverRan')}</Descriptions.Item>
              )}
              <Descriptions.Item label={t('behind')}>
                {job.behind === 0 ? (
                  <Tag color="success">{t('upToDate')}</Tag>
                ) : (
                  <Tag color="warning">{t('daysBehind', { count: job.behind, from: job.oldestMissing })}</Tag>
                )}
              </Descriptions.Item>
            </Descriptions>
            {job.behind > 0 && (
              <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
                {t('backlogHint', { limit: JOB_CATCH_UP_DAYS })}
              </Typography.Paragraph>
            )}
            {job.waiting && <WaitingState waiting={job.waiting} />}
            {job.retry && <RetryState retry={job.retry} />}
          </Card>
        ))}
      </Flex>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('runsTitle')}
      </Typography.Title>
      <PagedTable<JobRun>
        {...jobRuns}
        query={{ job: jobFilter }}
        columns={columns}
        rowKey={(row) => `${row.job}:${row.period}:${row.startedAt}`}
        toolbar={
          <Select
            allowClear
            aria-label={t('jobFilter')}
            placeholder={t('allJobs')}
            value={jobFilter}
            onChange={(value?: string) => setJobFilter(value)}
            options={list.map((job) => ({ value: job.name, label: jobName(job.name) }))}
            style={{ minWidth: 200 }}
          />
        }
        expandable={{
          rowExpandable: (row) => row.result !== null,
          expandedRowRender: (row) => (row.result ? <ResultText value={row.result} /> : t('noResult')),
        }}
      />
      {running && <RunJobModal job={running} onClose={() => setRunning(null)} />}
    </Flex>
  );
}

/**
 * What a job's oldest missing day waits for (a network day the chain has not completed, a node that
 * does not answer): no failure, asked again every minute; the alert JobWaiting fires when it lasts.
 */
function WaitingState({ waiting }: { waiting: NonNullable<JobInfo['waiting']> }) {
  const { t } = useTranslation(NS);
  return (
    <Descriptions
      column={1}
      size="small"
      title={t('waitingTitle', { period: waiting.period })}
      style={{ marginTop: 8 }}
    >
      <Descriptions.Item label={t('waitingWhy')}>
        <Typography.Text type="warning" data-testid="job-waiting-reason">
          {waiting.reason}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('waitingSince')}>
        <TimeText value={waiting.since} />
      </Descriptions.Item>
    </Descriptions>
  );
}

/** The failed tries of a job's oldest missing day: how many, when the next one starts, and the last error. */
function RetryState({ retry }: { retry: NonNullable<JobInfo['retry']> }) {
  const { t } = useTranslation(NS);
  return (
    <Descriptions column={1} size="small" title={t('retryTitle', { period: retry.period })} style={{ marginTop: 8 }}>
      <Descriptions.Item label={t('attempts')}>{retry.attempts}</Descriptions.Item>
      <Descriptions.Item label={t('nextRetry')}>
        {retry.nextRetryAt ? (
          <TimeText value={retry.nextRetryAt} />
        ) : (
          <Typography.Text type="danger">{t('noMoreRetries')}</Typography.Text>
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('lastError')}>
        <Typography.Text code>{retry.lastError}</Typography.Text> (<TimeText value={retry.lastFailedAt} />)
      </Descriptions.Item>
    </Descriptions>
  );
}
