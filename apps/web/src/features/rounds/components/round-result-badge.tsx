import type { RoundResult } from '@minecloud/contract/market';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@/i18n/i18n';
import './round-result-badge.css';

const RESULT_NAMES: Record<RoundResult, MessageKey> = {
  up: 'roundsResultUp',
  down: 'roundsResultDown',
  flat: 'roundsResultFlat',
  pending: 'roundsResultPending',
};

/** 涨 green, 跌 red, 平 grey, 待定 outlined. */
export function RoundResultBadge({ result }: { result: RoundResult }) {
  const { t } = useTranslation();
  return (
    <span className="round-result" data-result={result} data-testid="round-result">
      {t(RESULT_NAMES[result])}
    </span>
  );
}
