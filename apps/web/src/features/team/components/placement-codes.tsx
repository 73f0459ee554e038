import type { InviteRelation } from '@minecloud/contract/team';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QrCode } from '@/components/qr-code';
import { TabSwitch } from '@/components/tab-switch';
import { copyText } from '@/lib/copy';
import './placement-codes.css';
import './team-card.css';

type PlacementCodesProps = { codes: InviteRelation['inviteCodes'] };

/** The member's three placement codes: a newcomer who signs in with code k joins department k. */
export function PlacementCodes({ codes }: PlacementCodesProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(String(codes[0]?.department ?? 1));
  const current = codes.find((code) => String(code.department) === chosen) ?? codes[0];
  if (!current) return null;
  const n = current.department;
  return (
    <section className="team-card" aria-labelledby="placement-codes-title" data-testid="placement-codes">
      <header className="team-card__head">
        <h2 id="placement-codes-title" className="team-card__title">
          {t('teamPlacementTitle')}
        </h2>
      </header>
      <TabSwitch
        options={codes.map((code) => ({
          value: String(code.department),
          label: t('teamDepartmentN', { n: code.department }),
        }))}
        value={String(n)}
        onChange={setChosen}
        label={t('teamPlacementTitle')}
        testIdPrefix="placement-tab"
      />
      <div className="placement-codes__body">
        <QrCode text={current.link} label={t('teamQrLabel', { n, code: current.code })} testId={`placement-qr-${n}`} />
        <div className="placement-codes__side">
          <span className="placement-codes__label">{t('teamPlacementCode')}</span>
          <strong className="placement-codes__code" data-testid="placement-code">
            {current.code}
          </strong>
          <Button
            color="primary"
            fill="outline"
            size="small"
            block
            onClick={() => void copyText(current.code)}
            data-testid="placement-code-copy"
          >
            {t('teamCopyCode')}
          </Button>
          <Button
            color="primary"
            size="small"
            block
            onClick={() => void copyText(current.link)}
            data-testid="placement-link-copy"
          >
            {t('teamCopyLink')}
          </Button>
        </div>
      </div>
      <p className="team-card__note" data-testid="placement-note">
        {t('teamPlacementNote', { n })}
      </p>
    </section>
  );
}
