import type { Notice } from '@minecloud/contract/content';
import { Modal } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatLocalTime } from '@/lib/format-time';
import { RichContent } from './rich-content';
import './notice-dialog.css';

// antd-mobile's action type has no data attributes; the button still renders them.
const CLOSE_TEST_ID: Record<string, string> = { 'data-testid': 'notice-popup-close' };

type NoticeDialogProps = { notice: Notice; onClose: () => void };

/** The home pop-up: the notice's title, time and rich content, closed by its button or the cross. */
export default function NoticeDialog({ notice, onClose }: NoticeDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      visible
      className="notice-dialog"
      bodyClassName="notice-dialog__body"
      showCloseButton
      closeOnMaskClick={false}
      title={
        <span lang={notice.lang} data-testid="notice-popup-title">
          {notice.title}
        </span>
      }
      content={
        <div className="notice-dialog__content" data-testid="notice-popup">
          <time className="notice-dialog__time" dateTime={notice.publishedAt}>
            {formatLocalTime(notice.publishedAt)}
          </time>
          <RichContent html={notice.contentHtml} lang={notice.lang} testId="notice-popup-content" />
        </div>
      }
      actions={[{ key: 'close', text: t('noticePopupClose'), primary: true, ...CLOSE_TEST_ID }]}
      onAction={onClose}
      onClose={onClose}
    />
  );
}
