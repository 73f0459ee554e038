import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@/lib/notify';
import { type FeedbackRow, useReplyFeedback } from '../api/reply-feedback';
import { NS } from '../i18n';

const REPLY_MAX = 2000;

/** Answers a member's feedback, or changes the answer already given (the same call). */
export function ReplyModal({ row, onClose }: { row: FeedbackRow; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const notify = useNotify();
  const [form] = Form.useForm<{ reply: string }>();
  const send = useReplyFeedback(row.id);

  const finish = ({ reply }: { reply: string }) => send.mutate(reply.trim(), notify.done(t('replied'), onClose));

  return (
    <Modal
      open
      width={600}
      title={t('replyTitle', { id: row.userId })}
      okText={t('send')}
      cancelText={t('common:cancel')}
      confirmLoading={send.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} type="secondary">
        {row.content}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ reply: row.reply ?? '' }}
        onFinish={finish}
      >
        <Form.Item
          name="reply"
          label={t('reply')}
          rules={[
            { required: true, whitespace: true, message: t('replyRequired') },
            { max: REPLY_MAX, message: t('replyTooLong') },
          ]}
        >
          <Input.TextArea
            autoSize={{ minRows: 5, maxRows: 12 }}
            showCount
            maxLength={REPLY_MAX}
            placeholder={t('replyPlaceholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
