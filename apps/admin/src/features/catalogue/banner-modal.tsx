import { type AdminBanner, BANNER_PLACES, bannerInputSchema } from '@minecloud/contract/console';
import { Flex, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../lib/notify.ts';
import { zodRule } from '../../lib/zod-rule.ts';
import { type BannerInput, useSaveBanner } from './api.ts';
import { NS } from './i18n.ts';
import { ImageField } from './image-field.tsx';

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
  const required = { required: true, message: t('required') };

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
    <Modal
      open
      width={560}
      title={banner ? t('editBanner') : t('newBanner')}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<BannerInput>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={banner ?? { place, image: '', title: '', link: '', sort: 0, active: true }}
        onFinish={finish}
      >
        <Form.Item name="place" label={t('place')} rules={[required]}>
          <Select options={BANNER_PLACES.map((value) => ({ value, label: t(`place_${value}`) }))} />
        </Form.Item>
        <Form.Item name="title" label={t('title')} rules={[required, zodRule(shape.title, t('titleInvalid'))]}>
          <Input maxLength={120} />
        </Form.Item>
        <Form.Item
          name="image"
          label={t('image')}
          extra={t('imageHelp')}
          rules={[required, zodRule(shape.image, t('imageInvalid'))]}
        >
          <ImageField />
        </Form.Item>
        <Form.Item name="link" label={t('link')} extra={t('linkHelp')} rules={[zodRule(shape.link, t('linkInvalid'))]}>
          <Input placeholder="/pages/…" />
        </Form.Item>
        <Flex gap={16}>
          <Form.Item
            name="sort"
            label={t('sort')}
            rules={[required, zodRule(shape.sort, t('integerRange', { min: 0, max: 10_000 }))]}
            style={{ flex: 1 }}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="active" label={t('active')} valuePropName="checked" style={{ flex: 1 }}>
            <Switch />
          </Form.Item>
        </Flex>
      </Form>
    </Modal>
  );
}
