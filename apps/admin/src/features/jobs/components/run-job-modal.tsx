import { JOB_NAMES } from '@minecloud/contract/admin';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@/lib/notify';
import type { JobInfo } from '../api/get-jobs';
import { useRunJob } from '../api/run-job';
import { NS } from '../i18n';
import { ResultText } from './result-text';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Runs a job by hand for one period and says what happened: ran, or why not. */
export function RunJobModal({ job, onClose }: { job: JobInfo; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const notify = useNotify();
  const [form] = Form.useForm<{ period: string }>();
  const run = useRunJob();
  const jobName = t(`job_${job.name}`, { defaultValue: job.name });
  const answer = run.data;

  const finish = ({ period }: { period: string }) => {
    // The page offers only the jobs an operator may start (the contract's JOB_NAMES).
    const name = JOB_NAMES.find((known) => known === job.name);
    if (name) run.mutate({ job: name, period: period.trim() }, { onError: notify.error });
  };

  return (
    <Modal
      open
      width={600}
      title={t('runTitle', { job: jobName })}
      okText={t('run')}
      cancelText={t('common:close')}
      confirmLoading={run.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">{t('runHint')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        // The oldest missing day first: a later one run before it could not be undone.
        initialValues={{ period: job.oldestMissing ?? job.latestPeriod }}
        onFinish={finish}
      >
        <Form.Item
          name="period"
          label={t('period')}
          rules={[{ required: true, pattern: DAY, message: t('periodInvalid') }]}
        >
          <Input placeholder="YYYY-MM-DD" />
        </Form.Item>
      </Form>
      {answer &&
        (answer.ran ? (
          <Alert
            type="success"
            showIcon
            title={t('ran', { period: answer.period })}
            description={answer.result ? <ResultText value={JSON.stringify(answer.result)} /> : undefined}
          />
        ) : (
          <Alert
            type="warning"
            showIcon
            title={t('notRan', { period: answer.period })}
            description={
              answer.reason === 'waiting'
                ? t('reason_waiting', { why: answer.why ?? '' })
                : answer.reason
                  ? t(`reason_${answer.reason}`)
                  : undefined
            }
          />
        ))}
    </Modal>
  );
}
