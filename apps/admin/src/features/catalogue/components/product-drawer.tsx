import { type Product, productInputSchema } from '@minecloud/contract/console';
import { Flex, Form, Input, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDrawer } from '@/components/form-dialog';
import { SchemaField } from '@/components/schema-field';
import { useNotify } from '@/lib/notify';
import { type ProductInput, useSaveProduct } from '../api/save-product';
import { NS } from '../i18n';
import { ImageFormItem } from './image-field';

const shape = productInputSchema.shape;
const NEW_PRODUCT: Partial<ProductInput> = { active: true, sort: 0, minQuantity: 1, stock: 0, durationDays: 365 };

type WholeField = 'durationDays' | 'stock' | 'minQuantity' | 'sort';
const WHOLE_RANGES: Record<WholeField, { min: number; max: number }> = {
  durationDays: { min: 1, max: 3650 },
  stock: { min: 0, max: 100_000_000 },
  minQuantity: { min: 1, max: 10_000 },
  sort: { min: 0, max: 10_000 },
};

/** Creates a product (`product` null) or edits one; closes once the server has saved it. */
export function ProductDrawer({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const notify = useNotify();
  const [form] = Form.useForm<ProductInput>();
  const save = useSaveProduct();

  const finish = (values: ProductInput) => {
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

  /** A whole number within its range, half a row wide. */
  const whole = (name: WholeField) => (
    <SchemaField name={name} label={t(name)} schema={shape[name]} message={t('integerRange', WHOLE_RANGES[name])} half>
      <InputNumber style={{ width: '100%' }} />
    </SchemaField>
  );

  return (
    <FormDrawer<ProductInput>
      title={product ? t('editProduct') : t('newProduct')}
      form={form}
      initialValues={product ?? NEW_PRODUCT}
      onFinish={finish}
      saving={save.isPending}
      onClose={onClose}
    >
      <SchemaField name="name" label={t('name')} schema={shape.name} message={t('nameInvalid')}>
        <Input maxLength={80} />
      </SchemaField>
      <ImageFormItem schema={shape.image} />
      <Flex gap={16}>
        <SchemaField name="hashRate" label={t('hashRate')} schema={shape.hashRate} message={t('decimalInvalid')} half>
          <Input suffix={t('hashRateUnit')} inputMode="decimal" />
        </SchemaField>
        <SchemaField name="price" label={t('price')} schema={shape.price} message={t('decimalInvalid')} half>
          <Input suffix={t('priceUnit')} inputMode="decimal" />
        </SchemaField>
      </Flex>
      <Flex gap={16}>
        {whole('durationDays')}
        {whole('stock')}
      </Flex>
      <Flex gap={16}>
        {whole('minQuantity')}
        {whole('sort')}
      </Flex>
      <Form.Item name="active" label={t('active')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDrawer>
  );
}
