import { Alert, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/notify';
import { NS } from '../i18n';

/**
 * The server's cleaned HTML in a phone-wide frame. Only this answer is set as HTML: it went
 * through the same sanitizer as saving, never the raw text of the editor.
 */
export function NoticePreview({
  title,
  sanitizedHtml,
  loading,
  error,
}: {
  title: string;
  sanitizedHtml: string | undefined;
  loading: boolean;
  error: unknown;
}) {
  const { t } = useTranslation(NS);
  return (
    <Flex vertical gap={12} align="center">
      <Typography.Text type="secondary">{t('previewHint')}</Typography.Text>
      {error ? <Alert type="error" showIcon title={t('previewFailed')} description={errorText(error, '')} /> : null}
      <Spin spinning={loading}>
        <div
          data-testid="notice-preview-frame"
          style={{
            width: 390,
            minHeight: 560,
            maxHeight: 720,
            overflowY: 'auto',
            padding: 16,
            border: '8px solid #222',
            borderRadius: 24,
            background: '#fff',
            color: '#1f1f1f',
            boxSizing: 'border-box',
          }}
        >
          <h3 style={{ marginTop: 0 }}>{title}</h3>
          {sanitizedHtml ? (
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitized answer, as members get it
            <div className="notice-preview-content" dangerouslySetInnerHTML={{ __html: sanitizedHtml }} />
          ) : (
            !loading && <Typography.Text type="secondary">{t('previewEmpty')}</Typography.Text>
          )}
        </div>
      </Spin>
    </Flex>
  );
}
