import { type AdminBanner, BANNER_PLACES, bannerInputSchema } from '@minecloud/contract/console';
import { Flex, Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form-dialog.tsx';
import { SchemaField } from '../../components/schema-field.tsx';
import { useNotify } from '../../lib/notify.ts';
import { type BannerInput, useSaveBanner } from './api.ts';
import { NS } from './i18n.ts';
import { ImageFormItem } from './image-field.tsx';

const shape = bannerInputSchema.shape;

/** Creates a banner (`banner` null, placed at `place`) or edits one. */
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

  const finish = (values: BannerInput) => {
    const input: BannerInput = {
      place: values.place,
      image: values.image.trim(),
      title: values.title.trim(),
      link: (values.link ?? '').trim(),
      sort: values.sort,
      active: values.active,
    };
    save.mutate({ id: banner?.id, input }, notify.done(t('bannerSaved'), onClose));
  };

  return (
    <FormModal<BannerInput>
      title={banner ? t('editBanner') : t('newBanner')}
      form={form}
      initialValues={banner ?? { place, image: '', title: '', link: '', sort: 0, active: true }}
      onFinish={finish}
      saving={save.isPending}
      onClose={onClose}
    >
      <Form.Item name="place" label={t('place')} rules={[{ required: true, message: t('common:required') }]}>
        <Select options={BANNER_PLACES.map((value) => ({ value, label: t(`place_${value}`) }))} />
      </Form.Item>
      <SchemaField name="title" label={t('title')} schema={shape.title} message={t('titleInvalid')}>
        <Input maxLength={120} />
      </SchemaField>
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
