import { API } from '@minecloud/contract/api-paths';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { changeLocale } from '@/i18n/i18n';
import { resetNavigationThrottle } from '@/lib/navigation';
import { callsTo } from '@/test/calls';
import { renderApp } from '@/test/render-app';
import { feedbackServer, fileInput, png, SUBMIT, signIn, stubObjectUrls, UPLOAD } from '../testing/feedback-fixtures';

beforeEach(() => {
  resetNavigationThrottle();
  stubObjectUrls();
  signIn();
});

afterEach(async () => {
  await changeLocale('zh-CN');
});

// The uploaded images, in order (the previews of those still on their way up are object URLs).
const pickedImages = () =>
  Array.from(screen.getByTestId('feedback-images').querySelectorAll('.image-picker__open img'), (image) =>
    image.getAttribute('src'),
  );

async function openForm() {
  renderApp(paths.feedback.path);
  return screen.findByTestId('feedback-form');
}

describe('feedback', () => {
  it('asks for words and an image before sending anything, in the server’s wording', async () => {
    const fetchMock = feedbackServer();
    await openForm();
    expect(screen.getByTestId('nav-title')).toHaveTextContent('意见反馈');
    await userEvent.click(screen.getByTestId('feedback-submit'));
    expect(screen.getByTestId('feedback-content-error')).toHaveTextContent('请详细描述您的问题');
    expect(screen.getByTestId('feedback-images-error')).toHaveTextContent('请至少选择一张图片');

    // Blank lines are no feedback either.
    await userEvent.type(screen.getByTestId('feedback-content-input'), '   ');
    expect(screen.getByTestId('feedback-content-error')).toBeInTheDocument();
    await userEvent.type(screen.getByTestId('feedback-content-input'), '提现一直在审核中');
    expect(screen.queryByTestId('feedback-content-error')).not.toBeInTheDocument();
    expect(screen.getByTestId('feedback-images-error')).toHaveTextContent('请至少选择一张图片');
    expect(callsTo(fetchMock, API.feedbackSubmit)).toEqual([]);
  });

  it('says the same in English', async () => {
    await changeLocale('en');
    feedbackServer();
    await openForm();
    await userEvent.click(screen.getByTestId('feedback-submit'));
    expect(screen.getByTestId('feedback-content-error')).toHaveTextContent('Provide detailed feedback');
    expect(screen.getByTestId('feedback-images-error')).toHaveTextContent('Select at least one image');
  });

  it('counts the characters up to 2000', async () => {
    feedbackServer();
    await openForm();
    const input = screen.getByTestId('feedback-content-input');
    expect(input).toHaveAttribute('maxlength', '2000');
    await userEvent.type(input, '无法登录');
    expect(screen.getByTestId('feedback-count')).toHaveTextContent('4/2000');
  });

  it('uploads each image as it is picked, then sends the words with the image URLs and opens the history', async () => {
    const fetchMock = feedbackServer();
    const { router } = renderApp(paths.feedback.path);
    await screen.findByTestId('feedback-form');
    expect(fileInput()).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp');
    await userEvent.upload(fileInput(), [png('one.png'), png('two.png')]);
    await waitFor(() => expect(screen.getByTestId('feedback-image-count')).toHaveTextContent('2/4'));

    const uploads = fetchMock.mock.calls.filter(([url]) => String(url) === UPLOAD);
    expect(uploads).toHaveLength(2);
    const init = uploads[0]![1]!;
    const sent = (init.body as FormData).get('file');
    expect(init.method).toBe('POST');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('one.png');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer jwt-1' });
    expect(pickedImages()).toEqual(['/uploads/one.png', '/uploads/two.png']);

    await userEvent.type(screen.getByTestId('feedback-content-input'), '  充值未到账，截图如下  ');
    await userEvent.click(screen.getByTestId('feedback-submit'));
    expect(await screen.findByText('反馈成功，我们会尽快回复')).toBeInTheDocument();
    expect(callsTo(fetchMock, API.feedbackSubmit).map((call) => call.body)).toEqual([
      { content: '充值未到账，截图如下', images: ['/uploads/one.png', '/uploads/two.png'] },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.feedOrder.path));
  });

  it('says 反馈中... while sending', async () => {
    const fetchMock = feedbackServer();
    const answer = fetchMock.getMockImplementation()!;
    // The report never answers: the loading toast stays.
    fetchMock.mockImplementation((input, init) =>
      String(input) === SUBMIT ? new Promise<Response>(() => undefined) : answer(input, init),
    );
    await openForm();
    await userEvent.upload(fileInput(), png('one.png'));
    await waitFor(() => expect(screen.getByTestId('feedback-image-count')).toHaveTextContent('1/4'));
    await userEvent.type(screen.getByTestId('feedback-content-input'), '页面打不开');
    await userEvent.click(screen.getByTestId('feedback-submit'));
    expect(await screen.findByText('反馈中...')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('feedback-submit')).toHaveClass('adm-button-loading'));
  });

  it('says 上传失败 when an upload gets no answer, and the server’s reason when it refuses the image', async () => {
    let refuse = false;
    const fetchMock = feedbackServer({
      [`POST ${UPLOAD}`]: () => {
        if (refuse) return { status: 413, body: { code: 1063, data: null, msg: '图片不能超过 5 MB' } };
        throw new TypeError('Failed to fetch');
      },
    });
    await openForm();
    await userEvent.upload(fileInput(), png('big.png'));
    expect(await screen.findByText('上传失败')).toBeInTheDocument();
    refuse = true;
    await userEvent.upload(fileInput(), png('bigger.png'));
    expect(await screen.findByText('图片不能超过 5 MB')).toBeInTheDocument();
    expect(screen.getByTestId('feedback-image-count')).toHaveTextContent('0/4');
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === UPLOAD)).toHaveLength(2);

    await userEvent.type(screen.getByTestId('feedback-content-input'), '图片传不上去');
    await userEvent.click(screen.getByTestId('feedback-submit'));
    expect(screen.getByTestId('feedback-images-error')).toHaveTextContent('请至少选择一张图片');
  });

  it('refuses other kinds of file before uploading them', async () => {
    const fetchMock = feedbackServer();
    await openForm();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(fileInput(), new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByText('仅支持 PNG、JPEG、WebP 图片')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === UPLOAD)).toEqual([]);
  });

  it('takes four images at most', async () => {
    const fetchMock = feedbackServer();
    await openForm();
    await userEvent.upload(
      fileInput(),
      ['1', '2', '3', '4', '5'].map((n) => png(`${n}.png`)),
    );
    expect(await screen.findByText('最多上传 4 张图片')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('feedback-image-count')).toHaveTextContent('4/4'));
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === UPLOAD)).toHaveLength(4);
  });

  it('opens a picked image full screen on a tap', async () => {
    feedbackServer();
    await openForm();
    await userEvent.upload(fileInput(), png('one.png'));
    await waitFor(() => expect(pickedImages()).toEqual(['/uploads/one.png']));
    await userEvent.click(screen.getByTestId('feedback-images').querySelector('img')!);
    await waitFor(() =>
      expect(document.querySelector('.adm-image-viewer-slides img')).toHaveAttribute('src', '/uploads/one.png'),
    );
  });

  it('shows each image as uploading until it is up, and removes one with its cross', async () => {
    const fetchMock = feedbackServer();
    const answer = fetchMock.getMockImplementation()!;
    let arrive: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === UPLOAD) await held;
      return answer(input, init);
    });
    await openForm();
    await userEvent.upload(fileInput(), [png('one.png'), png('two.png')]);
    expect(await screen.findAllByTestId('image-picker-uploading')).toHaveLength(2);
    expect(screen.getAllByTestId('image-picker-uploading')[0]).toHaveTextContent('上传中...');
    arrive();
    await waitFor(() => expect(pickedImages()).toEqual(['/uploads/one.png', '/uploads/two.png']));
    expect(screen.queryByTestId('image-picker-uploading')).not.toBeInTheDocument();

    await userEvent.click(screen.getAllByRole('button', { name: '删除图片' })[0]!);
    expect(pickedImages()).toEqual(['/uploads/two.png']);
    expect(screen.getByTestId('feedback-image-count')).toHaveTextContent('1/4');
  });

  it('keeps a failed upload in view, marked, until its cross removes it', async () => {
    feedbackServer({
      [`POST ${UPLOAD}`]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await openForm();
    await userEvent.upload(fileInput(), png('big.png'));
    expect(await screen.findByText('上传失败')).toBeInTheDocument();
    const failed = () => screen.getByTestId('feedback-images').querySelectorAll('[data-status="fail"]');
    await waitFor(() => expect(failed()).toHaveLength(1));
    expect(screen.getByTestId('feedback-image-count')).toHaveTextContent('0/4');
    await userEvent.click(screen.getByRole('button', { name: '删除图片' }));
    expect(failed()).toHaveLength(0);
  });

  it('hides the add button once four images are picked', async () => {
    feedbackServer();
    await openForm();
    await userEvent.upload(
      fileInput(),
      ['1', '2', '3', '4'].map((n) => png(`${n}.png`)),
    );
    await waitFor(() => expect(screen.getByTestId('feedback-image-count')).toHaveTextContent('4/4'));
    expect(fileInput().closest('li')).not.toBeVisible();
  });

  it('shows the server’s refusal of a report', async () => {
    feedbackServer({
      [`POST ${SUBMIT}`]: () => ({ status: 400, body: { code: 1067, data: null, msg: '图片无效，请重新上传' } }),
    });
    const { router } = renderApp(paths.feedback.path);
    await screen.findByTestId('feedback-form');
    await userEvent.upload(fileInput(), png('one.png'));
    await waitFor(() => expect(screen.getByTestId('feedback-image-count')).toHaveTextContent('1/4'));
    await userEvent.type(screen.getByTestId('feedback-content-input'), '无法提现');
    await userEvent.click(screen.getByTestId('feedback-submit'));
    expect(await screen.findByText('图片无效，请重新上传')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.feedback.path);
    expect(screen.getByTestId('feedback-content-input')).toHaveValue('无法提现');
  });
});
