import { type Product, productInputSchema } from '@minecloud/contract/console';
import { Drawer, Flex, Form, Input, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { SaveFooter } from '../../components/save-footer.tsx';
import { useNotify } from '../../lib/notify.ts';
import { zodRule } from '../../lib/zod-rule.ts';
import { type ProductInput, useSaveProduct } from './api.ts';
import { NS } from './i18n.ts';
import { ImageField } from './image-field.tsx';

const shape = productInputSchema.shape;
const NEW_PRODUCT: Partial<ProductInput> = { active: true, sort: 0, minQuantity: 1, stock: 0, durationDays: 365 };

type Values = ProductInput;

/** Creates a product (`product` null) or edits one; closes once the server has saved it. */
export function ProductDrawer({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const notify = useNotify();
  const [form] = Form.useForm<Values>();
  const save = useSaveProduct();
  const required = { required: true, message: t('required') };
  const integer = (min: number, max: number, schema: (typeof shape)['stock']) => [
    required,
    zodRule(schema, t('integerRange', { min, max })),
  ];

  const finish = (values: Values) => {
    // Decimals stay strings end to end: what the operator typed, trimmed, is what the server gets.
    const input: ProductInput = {
      name: values.name.trim(),
      image: values.image.trim(),
      hashRate: values.hashRate.trim(),
      price: values.price.trim(),
      durationDays: values.durationDays,
      stock: values.stock,
      minQuantity: values.minQuantity,
      active: values.active,
      sort: values.sort,
    };
    save.mutate({ id: product?.id, input }, notify.done(t('productSaved'), onClose));
  };

  return (
    <Drawer
      open
      size={560}
      title={product ? t('editProduct') : t('newProduct')}
      onClose={onClose}
      footer={<SaveFooter form={form} saving={save.isPending} onCancel={onClose} />}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={product ?? NEW_PRODUCT}
        onFinish={finish}
        requiredMark={false}
      >
        <Form.Item name="name" label={t('name')} rules={[required, zodRule(shape.name, t('nameInvalid'))]}>
          <Input maxLength={80} />
        </Form.Item>
        <Form.Item
          name="image"
          label={t('image')}
          extra={t('imageHelp')}
          rules={[required, zodRule(shape.image, t('imageInvalid'))]}
        >
          <ImageField />
        </Form.Item>
        <Flex gap={16}>
          <Form.Item
            name="hashRate"
            label={t('hashRate')}
            rules={[required, zodRule(shape.hashRate, t('decimalInvalid'))]}
            style={{ flex: 1 }}
          >
            <Input suffix={t('hashRateUnit')} inputMode="decimal" />
          </Form.Item>
          <Form.Item
            name="price"
            label={t('price')}
            rules={[required, zodRule(shape.price, t('decimalInvalid'))]}
            style={{ flex: 1 }}
          >
            <Input suffix={t('priceUnit')} inputMode="decimal" />
          </Form.Item>
        </Flex>
        <Flex gap={16}>
          <Form.Item
            name="durationDays"
            label={t('durationDays')}
            rules={integer(1, 3650, shape.durationDays)}
            style={{ flex: 1 }}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="stock" label={t('stock')} rules={integer(0, 100_000_000, shape.stock)} style={{ flex: 1 }}>
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
        <Flex gap={16}>
          <Form.Item
            name="minQuantity"
            label={t('minQuantity')}
            rules={integer(1, 10_000, shape.minQuantity)}
            style={{ flex: 1 }}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="sort" label={t('sort')} rules={integer(0, 10_000, shape.sort)} style={{ flex: 1 }}>
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
        <Form.Item name="active" label={t('active')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
