import { Popup } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './share-sheet.css';

type ShareSheetProps = {
  title: string;
  visible: boolean;
  onClose: () => void;
  /** The sheet gets `<testId>`, its close button `<testId>-close`. */
  testId: string;
  children: ReactNode;
};

/** The bottom sheet the equity actions (buy, reinvest) open in. */
export function ShareSheet({ title, visible, onClose, testId, children }: ShareSheetProps) {
  const { t } = useTranslation();
  const titleId = `${testId}-title`;
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} destroyOnClose bodyClassName="share-sheet">
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid={testId}>
        <header className="share-sheet__head">
          <h2 id={titleId} className="share-sheet__title">
            {title}
          </h2>
          <button
            type="button"
            className="plain-button share-sheet__close"
            onClick={onClose}
            aria-label={t('close')}
            data-testid={`${testId}-close`}
          >
            ×
          </button>
        </header>
        {children}
      </div>
    </Popup>
  );
}
