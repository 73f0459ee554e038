import { type AdminNotice, NOTICE_TYPES, noticeInputSchema } from '@minecloud/contract/content';
import { Drawer, Flex, Form, Input, Radio, Switch, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveFooter } from '../../components/save-footer.tsx';
import { useNotify } from '../../lib/notify.ts';
import { zodRule } from '../../lib/zod-rule.ts';
import { type NoticeInput, usePreview, useSaveNotice } from './api.ts';
import { HtmlEditor } from './html-editor.tsx';
import { NS } from './i18n.ts';
import { NoticePreview } from './notice-preview.tsx';

const shape = noticeInputSchema.shape;
const EMPTY: NoticeInput = { type: 'notice', title: '', summary: '', contentHtml: '', popup: false };

/** Writes a notice or an article (`notice` null: a new draft), with a preview of the cleaned HTML. */
export function NoticeDrawer({ notice, onClose }: { notice: AdminNotice | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const notify = useNotify();
  const [form] = Form.useForm<NoticeInput>();
  const save = useSaveNotice();
  const preview = usePreview();
  const [tab, setTab] = useState('edit');
  const [previewTitle, setPreviewTitle] = useState('');
  const required = { required: true, message: t('required') };

  const showTab = (key: string) => {
    setTab(key);
    if (key === 'preview') {
      setPreviewTitle(form.getFieldValue('title') ?? '');
      preview.mutate(form.getFieldValue('contentHtml') ?? '');
    }
  };

  const finish = (values: NoticeInput) => {
    const input: NoticeInput = {
      type: values.type,
      title: values.title.trim(),
      summary: (values.summary ?? '').trim(),
      contentHtml: values.contentHtml ?? '',
      popup: values.popup === true,
    };
    save.mutate(
      { id: notice?.id, input },
      notify.done(notice?.status === 'published' ? t('savedPublished') : t('saved'), onClose),
    );
  };

  const initialValues: NoticeInput = notice
    ? {
        type: notice.type,
        title: notice.title,
        summary: notice.summary,
        contentHtml: notice.contentHtml,
        popup: notice.popup,
      }
    : EMPTY;

  return (
    <Drawer
      open
      size={960}
      title={notice ? t('editNotice') : t('newNotice')}
      onClose={onClose}
      footer={<SaveFooter form={form} saving={save.isPending} onCancel={onClose} />}
    >
      <Tabs
        activeKey={tab}
        onChange={showTab}
        items={[
          {
            key: 'edit',
            label: t('tabEdit'),
            forceRender: true,
            children: (
              <Form<NoticeInput>
                form={form}
                layout="vertical"
                requiredMark={false}
                initialValues={initialValues}
                onFinish={finish}
              >
                <Flex gap={24} wrap>
                  <Form.Item name="type" label={t('type')}>
                    <Radio.Group
                      optionType="button"
                      options={NOTICE_TYPES.map((type) => ({ value: type, label: t(`type_${type}`) }))}
                    />
                  </Form.Item>
                  <Form.Item name="popup" label={t('popup')} valuePropName="checked">
                    <Switch />
                  </Form.Item>
                </Flex>
                <Form.Item
                  name="title"
                  label={t('noticeTitle')}
                  rules={[{ ...required, whitespace: true }, zodRule(shape.title, t('titleInvalid'))]}
                >
                  <Input maxLength={120} showCount />
                </Form.Item>
                <Form.Item
                  name="summary"
                  label={t('summary')}
                  rules={[zodRule(shape.summary.unwrap(), t('summaryInvalid'))]}
                >
                  <Input.TextArea maxLength={300} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
                </Form.Item>
                <Form.Item name="contentHtml" label={t('content')}>
                  <HtmlEditor />
                </Form.Item>
              </Form>
            ),
          },
          {
            key: 'preview',
            label: t('tabPreview'),
            children: (
              <NoticePreview
                title={previewTitle}
                sanitizedHtml={preview.data?.contentHtml}
                loading={preview.isPending}
                error={preview.error}
              />
            ),
          },
        ]}
      />
    </Drawer>
  );
}
