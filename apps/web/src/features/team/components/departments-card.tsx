import { formatAmount } from '@minecloud/contract/amount';
import { usdtUnits } from '@minecloud/contract/decimal';
import type { DepartmentInfo } from '@minecloud/contract/team';
import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { formatLocalTime } from '@/lib/format-time';
import { useMoneyText } from '@/lib/money-text';
import { useDepartmentInfo } from '../api/get-department-info';
import { Figure, UnitAmount } from './figure';
import './departments-card.css';
import './team-card.css';

type Row = DepartmentInfo['list'][number];

function DepartmentRow({ row, isMajor }: { row: Row; isMajor: boolean }) {
  const { t } = useTranslation();
  const n = row.department;
  return (
    <li className={`department${isMajor ? ' is-major' : ''}`} data-testid={`department-${n}`}>
      <div className="department__head">
        <h3 className="department__title">{t('teamDepartmentN', { n })}</h3>
        <span className={`team-badge${isMajor ? '' : ' team-badge--muted'}`} data-testid={`department-${n}-area`}>
          {t(isMajor ? 'teamMajorArea' : 'teamMinorArea')}
        </span>
        <span className="department__code">
          {t('teamPlacementCode')} <span data-testid={`department-${n}-code`}>{row.code}</span>
        </span>
      </div>
      <dl className="team-figures team-figures--three">
        <Figure label={t('teamPerformance')}>
          <UnitAmount value={row.performance} testId={`department-${n}-performance`} />
        </Figure>
        <Figure label={t('teamNewPerformance')}>
          <UnitAmount value={row.newPerformance} testId={`department-${n}-new`} />
        </Figure>
        <Figure label={t('teamMembers')}>
          <span data-testid={`department-${n}-members`}>{row.members}</span>
        </Figure>
      </dl>
    </li>
  );
}

/**
 * The team's new performance of the day: its three departments' together, the figure the prize
 * pool ranks the member by.
 */
function newTotal(list: Row[]): string {
  return formatAmount(
    list.reduce((sum, row) => sum + (usdtUnits(row.newPerformance) ?? 0n), 0n),
    'USDT',
  );
}

/** Departments 1 to 3 with their performance, and the major and minor areas the levels are judged on. */
export function DepartmentsCard() {
  const { t } = useTranslation();
  const money = useMoneyText();
  const info = useDepartmentInfo();
  let body: React.ReactNode;
  if (info.isPending) body = <Skeleton.Paragraph lineCount={5} animated />;
  else if (info.isError) {
    body = (
      <ErrorState message={t('teamDepartmentsFailed')} onRetry={() => void info.refetch()} testId="departments-error" />
    );
  } else {
    const { list, majorDepartment, major, minor, day, asOf } = info.data;
    body = (
      <>
        <dl className="team-figures departments__areas">
          <Figure label={t('teamMajorAreaPerformance')}>
            <UnitAmount value={major} testId="team-major" />
          </Figure>
          <Figure label={t('teamMinorAreaPerformance')}>
            <UnitAmount value={minor} testId="team-minor" />
          </Figure>
        </dl>
        <p className="departments__major" data-testid="team-major-department">
          {majorDepartment === null
            ? t('teamNoMajorYet')
            : t('teamMajorIs', { department: t('teamDepartmentN', { n: majorDepartment }) })}
        </p>
        <ul className="departments__list">
          {list.map((row) => (
            <DepartmentRow key={row.department} row={row} isMajor={row.department === majorDepartment} />
          ))}
        </ul>
        <p className="departments__new-total" data-testid="team-new-total">
          {t('teamNewTotal', { n: money(newTotal(list)) })}
        </p>
        <p className="team-card__note" data-testid="team-as-of">
          {t('teamNewPerformanceDay', { day })}
          {asOf ? ` · ${t('teamAsOf', { time: formatLocalTime(asOf) })}` : ''}
        </p>
      </>
    );
  }
  return (
    <section className="team-card" aria-labelledby="departments-title" data-testid="departments">
      <header className="team-card__head">
        <h2 id="departments-title" className="team-card__title">
          {t('teamDepartmentsTitle')}
        </h2>
      </header>
      {body}
    </section>
  );
}
