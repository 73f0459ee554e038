import type { Round } from '@minecloud/contract/market';
import { useTranslation } from 'react-i18next';
import BottomSheetPopup from '@/components/bottom-sheet-popup';
import { RoundCheck } from './round-check';

export type RoundCheckSheetProps = {
  /** The round last tapped; kept while the sheet closes, so its content does not vanish mid-animation. */
  round: Round | null;
  visible: boolean;
  onClose: () => void;
};

export default function RoundCheckSheetPopup({ round, visible, onClose }: RoundCheckSheetProps) {
  const { t } = useTranslation();
  return (
    <BottomSheetPopup
      title={round ? t('verifyRoundOpenSheet', { n: round.periodNo }) : ''}
      visible={visible}
      onClose={onClose}
      testId="round-check-sheet"
    >
      {round && <RoundCheck key={`${round.period}-${round.periodNo}`} round={round} />}
    </BottomSheetPopup>
  );
}
