import { Skeleton, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { useParameters } from '../api/get-parameters';
import { parameterName, parameterValue } from '../lib/parameter-names';
import { formatInZone } from '../lib/zone-time';
import './parameter-log.css';

/** Every member-facing parameter now, then every change to them, newest first. */
export default function ParameterLog() {
  const { t } = useTranslation();
  const parameters = useParameters();

  if (parameters.isPending) return <Skeleton.Paragraph lineCount={6} animated data-testid="parameters-loading" />;
  if (parameters.isError) {
    return (
      <ErrorState
        message={t('transparencyParametersFailed')}
        onRetry={() => void parameters.refetch()}
        testId="parameters-error"
      />
    );
  }
  const { current, changes, timeZone } = parameters.data;
  const name = (key: string) => parameterName(key, t);
  const value = (key: string, text: string) => parameterValue(key, text, t);
  return (
    <>
      <h3 className="transparency__subtitle">{t('transparencyParametersNow')}</h3>
      <dl className="parameter-log__current" data-testid="parameters-current">
        {current.map((row) => (
          <div key={row.key} data-testid={`parameter-${row.key}`}>
            <dt>{name(row.key)}</dt>
            <dd>{value(row.key, row.value)}</dd>
          </div>
        ))}
      </dl>
      <h3 className="transparency__subtitle">{t('transparencyChanges')}</h3>
      <p className="transparency__note">{t('transparencyChangesNote', { zone: timeZone })}</p>
      {changes.length === 0 ? (
        <p className="transparency__empty" data-testid="changes-empty">
          {t('transparencyNoChanges')}
        </p>
      ) : (
        <ol className="parameter-log__changes">
          {changes.map((change) => (
            <li key={change.id} className="parameter-log__change" data-testid="parameter-change">
              <div className="parameter-log__change-head">
                <strong data-testid="change-name">{name(change.key)}</strong>
                {!change.inEffect && (
                  <Tag color="warning" fill="outline" data-testid="change-coming">
                    {t('transparencyComing')}
                  </Tag>
                )}
              </div>
              <p className="parameter-log__values" data-testid="change-values">
                <span>{value(change.key, change.before)}</span>
                <span aria-hidden="true"> → </span>
                <span className="visually-hidden">{t('transparencyChangedTo')}</span>
                <strong>{value(change.key, change.value)}</strong>
              </p>
              <p className="parameter-log__times">
                <span data-testid="change-effective">
                  {t('transparencyEffectiveAt', { time: formatInZone(change.effectiveAt, timeZone) })}
                </span>
                <span data-testid="change-announced">
                  {t('transparencyAnnouncedAt', { time: formatInZone(change.announcedAt, timeZone) })}
                </span>
              </p>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
