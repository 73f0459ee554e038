import { API } from '@minecloud/contract/api-paths';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { resetNavigationThrottle } from '@/lib/navigation';
import { DEFAULT_SESSION, useSession } from '@/lib/session';
import { callsTo, page } from '@/test/calls';
import { USER } from '@/test/fixtures/money';
import { ok, renderApp } from '@/test/render-app';
import { SHOWN_NOTICES_KEY } from '../lib/shown-notices';
import { contentServer, notice, noticeRow } from '../testing/content-fixtures';
import { POPUP_IDLE_WAIT_MS } from './notice-popup';

// antd-mobile keeps a modal's buttons inert while its opening animation runs, which jsdom never finishes.
const modalUser = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

const POPUP = notice('5', { title: '重要通知', contentHtml: '<p>周六系统升级，<b>暂停提现</b>。</p>' });

beforeEach(() => {
  resetNavigationThrottle();
  useSession.setState({ ...DEFAULT_SESSION });
});

/** Lets the home tab finish its first requests, so an absent pop-up is really absent. */
async function homeSettled(fetchMock: ReturnType<typeof contentServer>) {
  await screen.findByTestId('home-app-name');
  await waitFor(() => expect(callsTo(fetchMock, API.noticeShow)).toHaveLength(1));
  await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('home pop-up notice', () => {
  it('shows a member the pop-up once: not again after closing, nor on the next visit', async () => {
    // The server's side: it answers a member's unseen pop-up once, then nothing.
    let unseen = true;
    const server = () =>
      contentServer({
        'GET /app-api/biz/biz-user/get': () => ok(USER),
        [`POST /app-api/${API.noticeShow}`]: () => {
          const answer = unseen ? POPUP : null;
          unseen = false;
          return ok(answer);
        },
      });
    useSession.setState({ token: 'jwt-1', address: USER.address });
    let fetchMock = server();
    const first = renderApp('/');
    expect(await screen.findByTestId('notice-popup-title')).toHaveTextContent('重要通知');
    expect(screen.getByTestId('notice-popup-content').innerHTML).toBe('<p>周六系统升级，<b>暂停提现</b>。</p>');
    expect(callsTo(fetchMock, API.noticeShow)[0]?.init.headers).toMatchObject({ Authorization: 'Bearer jwt-1' });

    await modalUser.click(screen.getByTestId('notice-popup-close'));
    await waitFor(() => expect(screen.queryByTestId('notice-popup')).not.toBeInTheDocument());
    // Away and back within the session: asked once, shown once.
    await userEvent.click(screen.getByTestId('tab-four'));
    resetNavigationThrottle();
    await userEvent.click(await screen.findByTestId('tab-home'));
    await screen.findByTestId('home-app-name');
    expect(screen.queryByTestId('notice-popup')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, API.noticeShow)).toHaveLength(1);
    first.unmount();

    // The next visit (a new session) asks again; the server has nothing new.
    fetchMock = server();
    renderApp('/');
    await homeSettled(fetchMock);
    expect(screen.queryByTestId('notice-popup')).not.toBeInTheDocument();
  });

  it('shows a visitor the newest pop-up once, remembering it on this device', async () => {
    // Without a token the server always answers the newest pop-up.
    let fetchMock = contentServer({ [`POST /app-api/${API.noticeShow}`]: () => ok(POPUP) });
    const first = renderApp('/');
    expect(await screen.findByTestId('notice-popup-title')).toHaveTextContent('重要通知');
    expect(callsTo(fetchMock, API.noticeShow)[0]?.init.headers).not.toHaveProperty('Authorization');
    expect(JSON.parse(localStorage.getItem(SHOWN_NOTICES_KEY) ?? '[]')).toEqual(['5']);
    first.unmount();

    fetchMock = contentServer({ [`POST /app-api/${API.noticeShow}`]: () => ok(POPUP) });
    renderApp('/');
    await homeSettled(fetchMock);
    expect(screen.queryByTestId('notice-popup')).not.toBeInTheDocument();

    // A newer pop-up is shown, once.
    fetchMock = contentServer({
      [`POST /app-api/${API.noticeShow}`]: () => ok(notice('6', { title: '新的通知' })),
    });
    renderApp('/');
    expect(await screen.findByTestId('notice-popup-title')).toHaveTextContent('新的通知');
    expect(JSON.parse(localStorage.getItem(SHOWN_NOTICES_KEY) ?? '[]')).toEqual(['5', '6']);
  });

  it('does not come back when home is left with it still open', async () => {
    const fetchMock = contentServer({ [`POST /app-api/${API.noticeShow}`]: () => ok(POPUP) });
    const { router } = renderApp('/');
    await screen.findByTestId('notice-popup');
    // A link in the notice, say, leads away from home.
    await router.navigate(paths.noticeList.path);
    await screen.findByTestId('notice-tab-notice');
    await router.navigate('/');
    await homeSettled(fetchMock);
    expect(screen.queryByTestId('notice-popup')).not.toBeInTheDocument();
  });

  it('stays quiet when there is no pop-up or the call fails', async () => {
    const fetchMock = contentServer({
      [`POST /app-api/${API.noticeShow}`]: () => ({ status: 500, body: { code: 500, data: null, msg: '服务器繁忙' } }),
    });
    renderApp('/');
    await homeSettled(fetchMock);
    expect(screen.queryByTestId('notice-popup')).not.toBeInTheDocument();
    expect(screen.queryByText('服务器繁忙')).not.toBeInTheDocument();
  });
});

describe('home pop-up notice, asked when idle', () => {
  it('is asked in an idle moment after home has mounted, not in the task that mounts it', async () => {
    const idle: { run: () => void; timeout?: number }[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void, options?: { timeout?: number }) => {
      idle.push({ run, timeout: options?.timeout });
      return idle.length;
    });
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    try {
      const fetchMock = contentServer({ [`POST /app-api/${API.noticeShow}`]: () => ok(POPUP) });
      renderApp('/');
      await screen.findByTestId('home-app-name');
      await waitFor(() => expect(idle.some((wait) => wait.timeout === POPUP_IDLE_WAIT_MS)).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(callsTo(fetchMock, API.noticeShow)).toHaveLength(0);
      // The page goes idle: what waited for it runs.
      await act(async () => {
        for (const wait of idle.splice(0)) wait.run();
      });
      expect(await screen.findByTestId('notice-popup')).toHaveTextContent('暂停提现');
      expect(callsTo(fetchMock, API.noticeShow)).toHaveLength(1);
    } finally {
      cleanup();
      vi.unstubAllGlobals();
    }
  });
});

describe('home notice bar', () => {
  it('shows the newest announcement and opens it, or the list', async () => {
    const fetchMock = contentServer({
      [`GET /app-api/${API.noticePage}`]: () => page([noticeRow('9', { title: '矿机新品上架' })], 3),
    });
    const { router } = renderApp('/');
    expect(await screen.findByTestId('home-notice-title')).toHaveTextContent('矿机新品上架');
    expect(Object.fromEntries(callsTo(fetchMock, API.noticePage)[0]!.url.searchParams)).toEqual({
      pageNo: '1',
      pageSize: '1',
      type: 'notice',
    });
    await userEvent.click(screen.getByTestId('home-notice-title'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.sectionInfo.path));
    expect(router.state.location.search).toBe('?id=9');

    resetNavigationThrottle();
    await userEvent.click(screen.getByTestId('nav-back'));
    resetNavigationThrottle();
    await userEvent.click(await screen.findByTestId('home-notice-more'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.noticeList.path));
  });

  it('says there are no announcements yet, keeping its place', async () => {
    contentServer();
    renderApp('/');
    const bar = await screen.findByTestId('home-notice-bar');
    await waitFor(() => expect(bar).toHaveTextContent('暂无公告'));
    expect(screen.queryByTestId('home-notice-title')).not.toBeInTheDocument();
  });

  it('lets a title wider than the bar glide, measured once the bar is laid out, never in the commit', async () => {
    // The frame's ResizeObserver, called back by the test as a browser would after its layout.
    const observed: (() => void)[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly callback: () => void) {}
        observe() {
          observed.push(this.callback);
        }
        disconnect() {}
      },
    );
    // A read of the title's width is a layout forced there and then: counted.
    let reads = 0;
    const scrollWidth = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(() => {
      reads += 1;
      return 500;
    });
    try {
      contentServer({ [`GET /app-api/${API.noticePage}`]: () => page([noticeRow('9', { title: '很长的公告标题' })]) });
      renderApp('/');
      const title = await screen.findByTestId('home-notice-title');
      await waitFor(() => expect(observed).toHaveLength(1));
      expect(reads).toBe(0);
      expect(title.querySelector('.notice-bar__text')).not.toHaveClass('is-gliding');
      act(() => observed[0]?.());
      expect(reads).toBe(1);
      expect(title.querySelector('.notice-bar__text')).toHaveClass('is-gliding');
    } finally {
      cleanup();
      scrollWidth.mockRestore();
      vi.unstubAllGlobals();
    }
  });
});
