import { ON_CHAIN_ASSETS, type SolvencyDay } from '@minecloud/contract/solvency';
import { useTranslation } from 'react-i18next';

/** Every published day's ratios as a table: the charts' figures, for reading and for screen readers. */
export function SolvencyHistory({ list }: { list: SolvencyDay[] }) {
  const { t } = useTranslation();
  return (
    <details className="solvency-history">
      <summary data-testid="solvency-history-toggle">
        {t('transparencySolvencyHistoryList', { n: list.length })}
      </summary>
      <table className="solvency-history__table" data-testid="solvency-history">
        <thead>
          <tr>
            <th scope="col">{t('transparencySolvencyDay')}</th>
            {ON_CHAIN_ASSETS.map((asset) => (
              <th key={asset} scope="col">
                {asset}
              </th>
            ))}
            <th scope="col">{t('transparencySolvencyBlock')}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((day) => (
            <tr key={day.day} data-testid="solvency-history-row" data-day={day.day}>
              <th scope="row">{day.day}</th>
              {ON_CHAIN_ASSETS.map((asset) => {
                const row = day.assets.find((a) => a.asset === asset);
                const below = row?.covered === false;
                return (
                  <td key={asset} className={below ? 'is-below' : undefined}>
                    {row?.ratio ?? '—'}
                    {below && <small> {t('transparencySolvencyBelowOneShort')}</small>}
                  </td>
                );
              })}
              <td>{day.block.number}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
