import { Alert, Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OneTimePassword } from '../api/create-operator';
import { NS } from '../i18n';

/** Shows a new one-time password once, to copy; it is not kept anywhere in the console. */
export function PasswordModal({ shown, onClose }: { shown: OneTimePassword | null; onClose: () => void }) {
  const { t } = useTranslation(NS);
  return (
    <Modal
      open={shown !== null}
      title={shown ? t('passwordTitle', { name: shown.username }) : ''}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t('passwordCopied')}
        </Button>
      }
    >
      {shown && (
        <>
          <Typography.Paragraph
            copyable={{ text: shown.password }}
            style={{ fontFamily: 'monospace', fontSize: 18 }}
            data-testid="one-time-password"
          >
            {shown.password}
          </Typography.Paragraph>
          <Alert type="warning" showIcon title={t('passwordOnce')} />
        </>
      )}
    </Modal>
  );
}
