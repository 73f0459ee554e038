import { type AdminBanner, BANNER_PLACES, bannerInputSchema } from '@minecloud/contract/console';
import { DEFAULT_LOCALE, type Locale } from '@minecloud/contract/locales';
import { Flex, Form, Input, InputNumber, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-dialog';
import { SchemaField } from '@/components/schema-field';
import {
  languageOfError,
  VersionTabs,
  versionField,
  versionLabel,
  versionsOf,
  versionTitleRule,
} from '@/components/version-tabs';
import { useNotify } from '@/lib/notify';
import { zodRule } from '@/lib/zod-rule';
import { type BannerInput, useSaveBanner } from '../api/save-banner';
import { NS } from '../i18n';
import { ImageFormItem } from './image-field';

const shape = bannerInputSchema.shape;
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * Creates a banner (`banner` null, placed at `place`) or edits one. Its art carries no text: the
 * app writes the title and subtitle over it, in Chinese and, optionally, in each other language.
 */
export function BannerModal({
  banner,
  place,
  onClose,
}: {
  banner: AdminBanner | null;
  place: AdminBanner['place'];
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const notify = useNotify();
  const [form] = Form.useForm<BannerInput>();
  const save = useSaveBanner();
  const [lang, setLang] = useState<Locale>(DEFAULT_LOCALE);

  const finish = (values: BannerInput) => {
    const input: BannerInput = {
      place: values.place,
      image: values.image.trim(),
      title: values.title.trim(),
      subtitle: text(values.subtitle),
      link: (values.link ?? '').trim(),
      sort: values.sort,
      active: values.active,
      translations: versionsOf(values.translations, (version) => ({
        title: text(version.title),
        subtitle: text(version.subtitle),
      })),
    };
    save.mutate({ id: banner?.id, input }, notify.done(t('bannerSaved'), onClose));
  };

  return (
    <FormModal<BannerInput>
      title={banner ? t('editBanner') : t('newBanner')}
      form={form}
      initialValues={
        banner ?? { place, image: '', title: '', subtitle: '', link: '', sort: 0, active: true, translations: {} }
      }
      onFinish={finish}
      onFinishFailed={({ errorFields }) => setLang(languageOfError(errorFields) ?? lang)}
      saving={save.isPending}
      onClose={onClose}
    >
      <Form.Item name="place" label={t('place')} rules={[{ required: true, message: t('common:required') }]}>
        <Select options={BANNER_PLACES.map((value) => ({ value, label: t(`place_${value}`) }))} />
      </Form.Item>
      <VersionTabs
        active={lang}
        onChange={setLang}
        testId="banner-versions"
        fields={(version) => (
          <>
            <Form.Item
              name={versionField(version, 'title')}
              label={versionLabel(t('title'), version)}
              rules={[
                version === DEFAULT_LOCALE
                  ? { required: true, whitespace: true, message: t('common:required') }
                  : versionTitleRule(version, ['subtitle'], t('common:versionNeedsTitle')),
                zodRule(shape.title, t('titleInvalid')),
              ]}
            >
              <Input maxLength={120} lang={version} />
            </Form.Item>
            <Form.Item
              name={versionField(version, 'subtitle')}
              label={versionLabel(t('subtitle'), version)}
              rules={[zodRule(shape.subtitle.unwrap(), t('titleInvalid'))]}
            >
              <Input maxLength={120} lang={version} />
            </Form.Item>
          </>
        )}
      />
      <ImageFormItem schema={shape.image} />
      <SchemaField
        name="link"
        label={t('link')}
        extra={t('linkHelp')}
        schema={shape.link}
        message={t('linkInvalid')}
        optional
      >
        <Input placeholder="/pages/…" />
      </SchemaField>
      <Flex gap={16}>
        <SchemaField
          name="sort"
          label={t('sort')}
          schema={shape.sort}
          message={t('integerRange', { min: 0, max: 10_000 })}
          half
        >
          <InputNumber style={{ width: '100%' }} />
        </SchemaField>
        <Form.Item name="active" label={t('active')} valuePropName="checked" style={{ flex: 1 }}>
          <Switch />
        </Form.Item>
      </Flex>
    </FormModal>
  );
}
