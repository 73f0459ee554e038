import { API } from '@minecloud/contract/api-paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { formatLocalTime } from '@/lib/format-time';
import { callsTo, failure, page } from '@/test/calls';
import { layOutListsInThisFile, signInBeforeEachTest } from '@/test/page-setup';
import { renderApp } from '@/test/render-app';
import { feedbackRow, feedbackServer, signIn } from '../testing/feedback-fixtures';

const LIST = `POST /app-api/${API.feedbackList}`;

layOutListsInThisFile();
signInBeforeEachTest(signIn);

describe('feedback history', () => {
  it('shows each report with its images, and the platform’s reply or that none came yet', async () => {
    const fetchMock = feedbackServer({
      [LIST]: () =>
        page([
          feedbackRow('12', { content: '提现一直在审核中', images: ['/uploads/a.png', '/uploads/b.png'] }),
          feedbackRow('11', {
            content: '充值未到账',
            reply: '已为您补发，请查看资产明细。',
            repliedAt: '2026-11-21T09:15:00.000Z',
          }),
        ]),
    });
    renderApp(paths.feedOrder.path);
    const waiting = await screen.findByTestId('feedback-12');
    expect(screen.getByTestId('nav-title')).toHaveTextContent('反馈记录');
    expect(within(waiting).getByTestId('feedback-content')).toHaveTextContent('提现一直在审核中');
    expect(within(waiting).getByTestId('feedback-status')).toHaveTextContent('待回复');
    expect(waiting).toHaveTextContent(formatLocalTime('2026-11-20T08:00:00.000Z'));
    expect(within(waiting).queryByTestId('feedback-reply')).not.toBeInTheDocument();
    const thumbnails = within(waiting).getByTestId('feedback-thumbnails').querySelectorAll('img');
    expect(Array.from(thumbnails, (image) => image.getAttribute('src'))).toEqual(['/uploads/a.png', '/uploads/b.png']);

    const replied = screen.getByTestId('feedback-11');
    expect(within(replied).getByTestId('feedback-status')).toHaveTextContent('已回复');
    expect(within(replied).getByTestId('feedback-reply-text')).toHaveTextContent('已为您补发，请查看资产明细。');
    expect(within(replied).getByTestId('feedback-replied-at')).toHaveTextContent(
      formatLocalTime('2026-11-21T09:15:00.000Z'),
    );
    expect(within(replied).queryByTestId('feedback-thumbnails')).not.toBeInTheDocument();

    expect(callsTo(fetchMock, API.feedbackList).map((call) => call.body)).toEqual([{ pageNo: 1, pageSize: 10 }]);
    expect(await screen.findByTestId('list-finished')).toHaveTextContent('已加载完毕');
  });

  it('opens a report’s image full screen on a tap, at that image', async () => {
    feedbackServer({ [LIST]: () => page([feedbackRow('12', { images: ['/uploads/a.png', '/uploads/b.png'] })]) });
    renderApp(paths.feedOrder.path);
    await screen.findByTestId('feedback-12');
    await userEvent.click(screen.getByRole('button', { name: '图片 2' }));
    await waitFor(() => expect(document.querySelectorAll('.adm-image-viewer-slides img')).toHaveLength(2));
    expect(document.querySelector('.adm-image-viewer-indicator')).toHaveTextContent('2 / 2');
  });

  it('loads older reports at the end of the list', async () => {
    const fetchMock = feedbackServer({
      [LIST]: ({ body }) =>
        (body as { pageNo: number }).pageNo === 1
          ? page([feedbackRow('12')], 2)
          : page([feedbackRow('3', { content: '很久以前的问题' })], 2),
    });
    renderApp(paths.feedOrder.path);
    expect(await screen.findByTestId('feedback-3')).toHaveTextContent('很久以前的问题');
    expect(callsTo(fetchMock, API.feedbackList).map((call) => call.body)).toEqual([
      { pageNo: 1, pageSize: 10 },
      { pageNo: 2, pageSize: 10 },
    ]);
  });

  it('offers a way to write feedback when there is none, and a retry when the list fails', async () => {
    let fail = true;
    feedbackServer({ [LIST]: () => (fail ? failure : page([])) });
    const { router } = renderApp(paths.feedOrder.path);
    expect(await screen.findByTestId('feedback-list-error')).toHaveTextContent('反馈记录加载失败');
    fail = false;
    await userEvent.click(screen.getByTestId('error-retry'));
    const empty = await screen.findByTestId('feedback-list-empty');
    expect(empty).toHaveTextContent('暂无反馈记录');
    await userEvent.click(within(empty).getByRole('button', { name: '去反馈' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.feedback.path));
  });
});
