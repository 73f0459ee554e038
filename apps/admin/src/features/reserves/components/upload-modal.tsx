import type { ReserveSignatureFile, ReservesAnswer, ReserveUploadAnswer } from '@minecloud/contract/console';
import { Alert, Descriptions, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCall } from '@/lib/use-call';
import { useUploadSignatures } from '../api/upload-signatures';
import { NS } from '../i18n';

/**
 * What a file of `npm run reserves:sign` holds (address, chain, days, count), for one confirm before
 * it is sent; then what the server stored, or why it stored nothing.
 */
export function UploadModal({
  file,
  reserves,
  onClose,
}: {
  file: ReserveSignatureFile;
  reserves: ReservesAnswer;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const upload = useUploadSignatures();
  const { busy, problem, run } = useCall();
  const [stored, setStored] = useState<ReserveUploadAnswer | null>(null);
  const days = file.signatures.map((s) => s.day).sort();
  const from = days[0] ?? '';
  const to = days.at(-1) ?? '';
  const known = reserves.cold.find((c) => c.address === file.address && c.removedAt === null);

  const send = () =>
    run(async () => {
      setStored(await upload.mutateAsync(file));
    });

  return (
    <Modal
      open
      width={640}
      title={t('uploadTitle')}
      okText={t('uploadOk')}
      cancelText={t(stored ? 'common:close' : 'common:cancel')}
      okButtonProps={{ loading: busy, disabled: stored !== null, hidden: stored !== null }}
      onOk={send}
      onCancel={onClose}
    >
      <Flex vertical gap={12}>
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('address')}>
            <Typography.Text code copyable>
              {file.address}
            </Typography.Text>
            {known && <Typography.Text type="secondary"> {known.label}</Typography.Text>}
          </Descriptions.Item>
          <Descriptions.Item label={t('chain')}>{file.chainId}</Descriptions.Item>
          <Descriptions.Item label={t('days')}>{t('dayRange', { from, to })}</Descriptions.Item>
          <Descriptions.Item label={t('count')}>{file.signatures.length}</Descriptions.Item>
        </Descriptions>
        {!stored && !known && <Alert type="warning" showIcon title={t('unknownAddress')} />}
        {!stored && file.chainId !== reserves.chainId && (
          <Alert type="warning" showIcon title={t('otherChain', { given: file.chainId, expected: reserves.chainId })} />
        )}
        {stored && (
          <Alert
            type="success"
            showIcon
            role="status"
            title={t('uploaded', { count: stored.stored, address: stored.address, from: stored.from, to: stored.to })}
          />
        )}
        {problem && <Alert type="error" showIcon role="alert" title={t('uploadRefused')} description={problem} />}
      </Flex>
    </Modal>
  );
}
