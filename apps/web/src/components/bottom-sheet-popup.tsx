import { Popup } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { timeSpringsBySpec } from '@/lib/spring-durations';
import './bottom-sheet.css';

// Its transitions take the app's durations (config/durations.ts).
timeSpringsBySpec();

export type BottomSheetProps = {
  title: string;
  visible: boolean;
  onClose: () => void;
  /** The sheet gets `<testId>`, its close button `<testId>-close`. */
  testId: string;
  children: ReactNode;
};

/** The bottom sheet a money action (buy shares, reinvest, forge) opens in, with its title and a close button. */
export default function BottomSheetPopup({ title, visible, onClose, testId, children }: BottomSheetProps) {
  const { t } = useTranslation();
  const titleId = `${testId}-title`;
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} destroyOnClose bodyClassName="bottom-sheet">
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid={testId}>
        <header className="bottom-sheet__head">
          <h2 id={titleId} className="bottom-sheet__title">
            {title}
          </h2>
          <button
            type="button"
            className="plain-button bottom-sheet__close"
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
