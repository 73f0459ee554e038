import { API } from '@minecloud/contract/api-paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { changeLocale } from '@/i18n/i18n';
import { formatLocalTime } from '@/lib/format-time';
import { resetNavigationThrottle } from '@/lib/navigation';
import { callsTo, failure, page } from '@/test/calls';
import { layOutListsInThisFile } from '@/test/page-setup';
import { ok, renderApp } from '@/test/render-app';
import { contentServer, notice, noticeRow, SANITIZED_HTML } from '../testing/content-fixtures';

layOutListsInThisFile();

beforeEach(() => {
  resetNavigationThrottle();
});

afterEach(async () => {
  await changeLocale('zh-CN');
});

const listQueries = (fetchMock: ReturnType<typeof contentServer>) =>
  callsTo(fetchMock, API.noticePage).map((call) => Object.fromEntries(call.url.searchParams));

describe('notice list', () => {
  it('lists announcements with title, summary and time, then articles in their tab', async () => {
    const fetchMock = contentServer({
      [`GET /app-api/${API.noticePage}`]: ({ url }) =>
        url.searchParams.get('type') === 'article'
          ? page([noticeRow('7', { type: 'article', title: '如何判定涨跌', summary: '开奖规则' })])
          : page([noticeRow('2', { title: '系统升级公告' }), noticeRow('1', { title: '上线公告', summary: '' })]),
    });
    const { router } = renderApp(paths.noticeList.path);
    const list = await screen.findByTestId('notice-list');
    expect(screen.getByTestId('nav-title')).toHaveTextContent('公告');
    expect(screen.getByTestId('notice-tab-notice')).toHaveAttribute('aria-selected', 'true');
    const first = within(list).getByTestId('notice-row-2');
    expect(first).toHaveTextContent('系统升级公告');
    expect(first).toHaveTextContent('摘要 2');
    expect(first).toHaveTextContent(formatLocalTime('2026-11-23T02:30:00.000Z'));
    expect(within(list).getByTestId('notice-row-1')).toHaveTextContent('上线公告');
    expect(await screen.findByTestId('list-finished')).toHaveTextContent('已加载完毕');

    await userEvent.click(screen.getByTestId('notice-tab-article'));
    expect(await screen.findByTestId('notice-row-7')).toHaveTextContent('如何判定涨跌');
    expect(router.state.location.search).toBe('?type=article');
    expect(listQueries(fetchMock)).toEqual([
      { pageNo: '1', pageSize: '10', type: 'notice' },
      { pageNo: '1', pageSize: '10', type: 'article' },
    ]);

    await userEvent.click(screen.getByTestId('notice-row-7'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.richArticle.path));
    expect(router.state.location.search).toBe('?id=7');
  });

  it('opens an announcement in its detail page', async () => {
    contentServer({ [`GET /app-api/${API.noticePage}`]: () => page([noticeRow('2')]) });
    const { router } = renderApp(paths.noticeList.path);
    await userEvent.click(await screen.findByTestId('notice-row-2'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.sectionInfo.path));
    expect(router.state.location.search).toBe('?id=2');
  });

  it('says when there is nothing yet, and offers a retry when the list fails', async () => {
    let fail = true;
    contentServer({ [`GET /app-api/${API.noticePage}`]: () => (fail ? failure : page([])) });
    renderApp(paths.noticeList.href({ type: 'article' }));
    expect(await screen.findByTestId('notice-list-error')).toHaveTextContent('公告加载失败');
    fail = false;
    await userEvent.click(screen.getByTestId('error-retry'));
    expect(await screen.findByTestId('notice-list-empty')).toHaveTextContent('暂无文章');
  });
});

describe('notice and article pages', () => {
  it('shows an announcement: title, time, and the rich content exactly as the server sanitized it', async () => {
    const fetchMock = contentServer({
      [`GET /app-api/${API.noticeGet}`]: () => ok(notice('2', { title: '系统升级公告' })),
    });
    renderApp(paths.sectionInfo.href({ id: '2' }));
    expect(await screen.findByTestId('notice-title')).toHaveTextContent('系统升级公告');
    expect(screen.getByTestId('nav-title')).toHaveTextContent('公告详情');
    expect(screen.getByTestId('notice-time')).toHaveTextContent(formatLocalTime('2026-11-23T02:30:00.000Z'));
    const content = screen.getByTestId('notice-content');
    expect(content).toHaveClass('rich-content');
    expect(content.innerHTML).toBe(SANITIZED_HTML);
    expect(within(content).getByRole('heading', { name: '维护说明' })).toBeInTheDocument();
    expect(within(content).getByRole('img', { name: '示意图' })).toHaveAttribute('src', '/uploads/a1.png');
    expect(within(content).getByRole('link', { name: '了解更多' })).toHaveAttribute('href', 'https://example.com/more');
    expect(callsTo(fetchMock, API.noticeGet).map((call) => call.url.search)).toEqual(['?id=2']);
  });

  it('shows an article with its summary as the lead, through the same renderer', async () => {
    contentServer({
      [`GET /app-api/${API.noticeGet}`]: () =>
        ok(
          notice('7', {
            type: 'article',
            title: '如何判定涨跌',
            summary: '开奖规则一览',
            contentHtml: '<p>收盘高于开盘为涨。</p>',
          }),
        ),
    });
    renderApp(paths.richArticle.href({ id: '7' }));
    expect(await screen.findByTestId('notice-title')).toHaveTextContent('如何判定涨跌');
    expect(screen.getByTestId('nav-title')).toHaveTextContent('文章');
    expect(screen.getByTestId('notice-article')).toHaveTextContent('开奖规则一览');
    expect(screen.getByTestId('notice-content').innerHTML).toBe('<p>收盘高于开盘为涨。</p>');
  });

  it('says a withdrawn or unknown notice does not exist, without asking for an id that cannot be one', async () => {
    const fetchMock = contentServer();
    const view = renderApp(paths.sectionInfo.href({ id: '99' }));
    expect(await screen.findByTestId('notice-missing')).toHaveTextContent('内容不存在或已下线');
    view.unmount();

    const { router } = renderApp(paths.richArticle.href({ id: 'abc' }));
    expect(await screen.findByTestId('notice-missing')).toHaveTextContent('内容不存在或已下线');
    expect(callsTo(fetchMock, API.noticeGet).map((call) => call.url.search)).toEqual(['?id=99']);
    // Instead of a retry that cannot help: the way to every notice.
    await userEvent.click(screen.getByRole('button', { name: '查看全部公告' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.noticeList.path));
  });

  it('offers a retry when the notice fails to load', async () => {
    let fail = true;
    contentServer({ [`GET /app-api/${API.noticeGet}`]: () => (fail ? failure : ok(notice('3'))) });
    renderApp(paths.sectionInfo.href({ id: '3' }));
    expect(await screen.findByTestId('notice-error')).toHaveTextContent('内容加载失败');
    fail = false;
    await userEvent.click(screen.getByTestId('error-retry'));
    expect(await screen.findByTestId('notice-title')).toHaveTextContent('公告 3');
  });

  it('reads in English', async () => {
    await changeLocale('en');
    contentServer({ [`GET /app-api/${API.noticePage}`]: () => page([]) });
    renderApp(paths.noticeList.path);
    expect(await screen.findByTestId('notice-list-empty')).toHaveTextContent('No notices yet');
    expect(screen.getByTestId('notice-tab-article')).toHaveTextContent('Articles');
  });
});
