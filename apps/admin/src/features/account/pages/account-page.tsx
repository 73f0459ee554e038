import { Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { PasskeyList } from '@/components/passkey-list';
import { PasswordForm } from '@/components/password-form';
import { roleKey } from '@/i18n/common';
import { useNotify } from '@/lib/notify';
import { useMe, useSession } from '@/lib/session';
import { OperatorEmailCard } from '../components/operator-email';
import { NS } from '../i18n';

/**
 * The operator's own account: who they are, their TOTP state, their address for security notices,
 * their passkeys, and a new password.
 */
export function AccountPage() {
  const { t } = useTranslation(NS);
  const me = useMe();
  const session = useSession();
  const notify = useNotify();
  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }}>
      <PageHeader title={t('accountTitle')} />
      <Card>
        <Descriptions column={1}>
          <Descriptions.Item label={t('username')}>{me.username}</Descriptions.Item>
          <Descriptions.Item label={t('role')}>{t(roleKey(me.role))}</Descriptions.Item>
          <Descriptions.Item label={t('twoFactor')}>
            <Flex vertical gap={4}>
              <span>
                <Tag color={me.totpEnabled ? 'green' : 'orange'}>{me.totpEnabled ? t('totpOn') : t('totpOff')}</Tag>
              </span>
              <Typography.Text type="secondary">{me.totpEnabled ? t('totpOnHint') : ''}</Typography.Text>
              <Typography.Text type="secondary">{t('totpResetHint')}</Typography.Text>
            </Flex>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('emailTitle')}>
        <Typography.Paragraph type="secondary">{t('emailIntro')}</Typography.Paragraph>
        <OperatorEmailCard />
      </Card>
      <Card title={t('passkeys')}>
        <Typography.Paragraph type="secondary">{t('passkeysIntro')}</Typography.Paragraph>
        <PasskeyList />
      </Card>
      <Card title={t('common:changePassword')}>
        <PasswordForm
          onChanged={async () => {
            notify.success(t('passwordChanged'));
            await session.refresh();
          }}
        />
      </Card>
    </Flex>
  );
}
