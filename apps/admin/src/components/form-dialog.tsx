import { Drawer, Flex, Form, type FormInstance, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveFooter } from './save-footer';

type FormFrame<V> = {
  title: ReactNode;
  form: FormInstance<V>;
  initialValues: Partial<V>;
  /** Given the checked values when the operator saves. */
  onFinish: (values: V) => void;
  /** Given the fields a save found wrong (to show the tab one of them is on). */
  onFinishFailed?: (failed: { errorFields: { name: (string | number)[] }[] }) => void;
  /** While the save runs: the button that sent it is busy. */
  saving: boolean;
  onClose: () => void;
  children: ReactNode;
};

function VerticalForm<V>({
  form,
  initialValues,
  onFinish,
  onFinishFailed,
  children,
}: Omit<FormFrame<V>, 'title' | 'saving' | 'onClose'>) {
  return (
    <Form<V>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={initialValues}
      onFinish={onFinish}
      onFinishFailed={onFinishFailed}
    >
      {children}
    </Form>
  );
}

/** A form in a dialog (560 wide): OK (Save unless told) submits it; `intro` stands above the form. */
export function FormModal<V>({
  title,
  okText,
  intro,
  saving,
  onClose,
  ...fields
}: FormFrame<V> & { okText?: ReactNode; intro?: ReactNode }) {
  const { t } = useTranslation();
  const body = <VerticalForm<V> {...fields} />;
  return (
    <Modal
      open
      width={560}
      title={title}
      okText={okText ?? t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={saving}
      onOk={() => fields.form.submit()}
      onCancel={onClose}
    >
      {intro === undefined ? (
        body
      ) : (
        <Flex vertical gap={16}>
          {intro}
          {body}
        </Flex>
      )}
    </Modal>
  );
}

/** A form in a drawer (560 wide), with Cancel and Save below it. */
export function FormDrawer<V>({ title, saving, onClose, ...fields }: FormFrame<V>) {
  return (
    <Drawer
      open
      size={560}
      title={title}
      onClose={onClose}
      footer={<SaveFooter form={fields.form} saving={saving} onCancel={onClose} />}
    >
      <VerticalForm<V> {...fields} />
    </Drawer>
  );
}
