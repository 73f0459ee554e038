import { NOTICE_TYPES, noticeInputSchema } from '@minecloud/contract/content';
import { DEFAULT_LOCALE, type Locale } from '@minecloud/contract/locales';
import { Drawer, Flex, Form, Input, Radio, Switch, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveFooter } from '@/components/save-footer';
import {
  LANGUAGE_NAMES,
  languageOfError,
  VersionTabs,
  versionField,
  versionLabel,
  versionsOf,
  versionTitleRule,
} from '@/components/version-tabs';
import { useNotify } from '@/lib/notify';
import { zodRule } from '@/lib/zod-rule';
import type { NoticeRow } from '../api/get-notices';
import { usePreview } from '../api/preview-notice';
import { type NoticeInput, useSaveNotice } from '../api/save-notice';
import { NS } from '../i18n';
import { HtmlEditor } from './html-editor';
import { NoticePreview } from './notice-preview';

const shape = noticeInputSchema.shape;
const EMPTY: NoticeInput = { type: 'notice', title: '', summary: '', contentHtml: '', popup: false, translations: {} };
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Writes a notice or an article (`notice` null: a new draft) in Chinese and, optionally, in each
 * other language, with a preview of the cleaned HTML of the language shown.
 */
export function NoticeDrawer({ notice, onClose }: { notice: NoticeRow | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const notify = useNotify();
  const [form] = Form.useForm<NoticeInput>();
  const save = useSaveNotice();
  const preview = usePreview();
  const [tab, setTab] = useState('edit');
  const [lang, setLang] = useState<Locale>(DEFAULT_LOCALE);
  const [previewTitle, setPreviewTitle] = useState('');
  const required = { required: true, message: t('required') };

  const showTab = (key: string) => {
    setTab(key);
    if (key === 'preview') {
      const shown = (field: 'title' | 'contentHtml') =>
        text(form.getFieldValue(versionField(lang, field) as Parameters<typeof form.getFieldValue>[0]));
      setPreviewTitle(shown('title'));
      preview.mutate(shown('contentHtml'));
    }
  };

  const finish = (values: NoticeInput) => {
    const input: NoticeInput = {
      type: values.type,
      title: values.title.trim(),
      summary: (values.summary ?? '').trim(),
      contentHtml: values.contentHtml ?? '',
      popup: values.popup === true,
      translations: versionsOf(values.translations, (version) => ({
        title: text(version.title).trim(),
        summary: text(version.summary).trim(),
        contentHtml: text(version.contentHtml),
      })),
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
        translations: notice.translations,
      }
    : EMPTY;

  // One language's title, summary and content: the Chinese ones required, another's title once it is written in.
  const versionFields = (version: Locale) => (
    <>
      <Form.Item
        name={versionField(version, 'title')}
        label={versionLabel(t('noticeTitle'), version)}
        rules={[
          version === DEFAULT_LOCALE
            ? { ...required, whitespace: true }
            : versionTitleRule(version, ['summary', 'contentHtml'], t('common:versionNeedsTitle')),
          zodRule(shape.title, t('titleInvalid')),
        ]}
      >
        <Input maxLength={120} showCount lang={version} />
      </Form.Item>
      <Form.Item
        name={versionField(version, 'summary')}
        label={versionLabel(t('summary'), version)}
        rules={[zodRule(shape.summary.unwrap(), t('summaryInvalid'))]}
      >
        <Input.TextArea maxLength={300} showCount autoSize={{ minRows: 2, maxRows: 4 }} lang={version} />
      </Form.Item>
      <Form.Item name={versionField(version, 'contentHtml')} label={versionLabel(t('content'), version)}>
        <HtmlEditor />
      </Form.Item>
    </>
  );

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
                onFinishFailed={({ errorFields }) => setLang(languageOfError(errorFields) ?? lang)}
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
                <VersionTabs active={lang} onChange={setLang} fields={versionFields} testId="notice-versions" />
              </Form>
            ),
          },
          {
            key: 'preview',
            label: `${t('tabPreview')} · ${LANGUAGE_NAMES[lang]}`,
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
