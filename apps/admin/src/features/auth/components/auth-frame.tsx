import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/language-switch';

/** The frame of the screens before the console: brand, language, one card. */
export function AuthFrame({ title, width = 420, children }: { title: string; width?: number; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Flex vertical align="center" style={{ minHeight: '100vh', padding: '48px 16px', background: '#f5f6f8' }}>
      {/* Five languages may not fit beside the brand: the switch then goes below it. */}
      <Flex
        justify="space-between"
        align="center"
        wrap="wrap"
        gap={8}
        style={{ width: '100%', maxWidth: width, marginBottom: 16 }}
      >
        <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
          {t('common:brand')}
        </Typography.Text>
        <LanguageSwitch />
      </Flex>
      <Card style={{ width: '100%', maxWidth: width }}>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
        {children}
      </Card>
    </Flex>
  );
}
