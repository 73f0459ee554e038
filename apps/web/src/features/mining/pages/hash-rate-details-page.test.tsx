import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { changeLocale } from '@/i18n/i18n';
import { chineseAfterEachTest, layOutListsInThisFile, signInBeforeEachTest } from '@/test/page-setup';
import { ok, renderApp } from '@/test/render-app';
import { callsTo, failure, miningServer, powerRecord } from '../testing/mining-fixtures';

const RECORDS = 'powerOrder';

type Body = { source?: string; pageNo: number; pageSize: number };
type Answer = { status?: number; body: unknown };

function server(answer: (body: Body) => Answer) {
  return miningServer({ [`POST /app-api/${RECORDS}`]: ({ body }) => answer(body as Body) });
}

const powerPage = (list: ReturnType<typeof powerRecord>[], total = list.length) =>
  ok({ list, total, own: '285.5', bonus: '14.275' });

const rows = () => screen.getAllByTestId(/^power-record-\d+$/);
const texts = (testId: string) => rows().map((row) => within(row).getByTestId(testId).textContent);

layOutListsInThisFile();
signInBeforeEachTest();
chineseAfterEachTest();

describe('hash rate details', () => {
  it('lists own hash rate records with their kind, + in or − out, and release time', async () => {
    const fetchMock = server(() =>
      powerPage([
        powerRecord('4', { kind: 'expiry', quantity: '95', direction: 'out' }),
        powerRecord('3', { kind: 'burn', quantity: '15', direction: 'out' }),
        powerRecord('2', { kind: 'purchase', quantity: '300', direction: 'in' }),
        powerRecord('1', { kind: 'purchase', quantity: '0.0047', direction: 'in' }),
      ]),
    );
    renderApp(paths.powerDetail.path);
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(screen.getByTestId('power-tab-own')).toHaveAttribute('aria-selected', 'true');
    expect(texts('power-record-kind')).toEqual(['到期', '销毁', '购买矿机', '购买矿机']);
    expect(texts('power-record-quantity')).toEqual(['−95.00 TH/s', '−15.00 TH/s', '+300.00 TH/s', '+0.0047 TH/s']);
    expect(within(rows()[0]!).getByTestId('power-record-time')).toHaveTextContent('2024-05-03 09:05:07');
    expect(screen.getByTestId('power-details-current')).toHaveTextContent('285.50');
    expect(screen.getByTestId('power-details-summary')).toHaveTextContent('自有算力');
    expect(await screen.findByTestId('list-finished')).toHaveTextContent('已加载完毕');
    expect(callsTo(fetchMock, RECORDS).map((call) => call.body)).toEqual([{ source: 'own', pageNo: 1, pageSize: 20 }]);
  });

  it('shows the bonus records on the bonus tab', async () => {
    const fetchMock = server(({ source }) =>
      source === 'bonus'
        ? powerPage([powerRecord('9', { source: 'bonus', kind: 'level_bonus', quantity: '14.275' })])
        : powerPage([powerRecord('2')]),
    );
    const { router } = renderApp(paths.powerDetail.path);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await userEvent.click(screen.getByTestId('power-tab-bonus'));
    await waitFor(() => expect(texts('power-record-kind')).toEqual(['等级奖励']));
    expect(texts('power-record-quantity')).toEqual(['+14.27 TH/s']);
    expect(screen.getByTestId('power-details-current')).toHaveTextContent('14.27');
    expect(screen.getByTestId('power-details-summary')).toHaveTextContent('奖励算力');
    expect(router.state.location.search).toBe('?source=bonus');
    expect(callsTo(fetchMock, RECORDS).map((call) => (call.body as Body).source)).toEqual(['own', 'bonus']);
  });

  it('names every kind in English', async () => {
    server(() =>
      powerPage([
        powerRecord('4', { kind: 'purchase' }),
        powerRecord('3', { kind: 'burn', direction: 'out' }),
        powerRecord('2', { kind: 'level_bonus' }),
        powerRecord('1', { kind: 'expiry', direction: 'out' }),
      ]),
    );
    await changeLocale('en');
    renderApp(paths.powerDetail.path);
    await waitFor(() => expect(texts('power-record-kind')).toEqual(['Purchase', 'Burn', 'Level bonus', 'Expiry']));
  });

  it('shows an empty state, and a failed list with a retry', async () => {
    let fail = true;
    server(() => (fail ? failure : powerPage([])));
    renderApp(paths.powerDetail.href({ source: 'bonus' }));
    expect(await screen.findByTestId('power-records-error')).toHaveTextContent('算力明细加载失败');
    fail = false;
    await userEvent.click(screen.getByTestId('error-retry'));
    expect(await screen.findByTestId('power-records-empty')).toHaveTextContent('暂无算力记录');
  });
});
