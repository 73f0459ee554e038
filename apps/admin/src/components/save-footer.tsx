import { Button, Flex, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';

/** A form drawer's footer: Cancel, and a primary Save that submits `form`, busy while `saving`. */
export function SaveFooter({ form, saving, onCancel }: { form: FormInstance; saving: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Flex justify="end" gap={8}>
      <Button onClick={onCancel}>{t('common:cancel')}</Button>
      <Button type="primary" loading={saving} onClick={() => form.submit()}>
        {t('common:save')}
      </Button>
    </Flex>
  );
}
