import i18n from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRelaunch } from './relaunch';
import {
  ApiError,
  api,
  ERROR_CODE_ABORT,
  ERROR_CODE_NETWORK,
  ERROR_CODE_TIMEOUT,
  REQUEST_TIMEOUT_MS,
  request,
  upload,
} from './request';
import { DEFAULT_SESSION, type UserInfo, useSession } from './session';
import { hideLoading, showLoading, showToast } from './toast';

vi.mock('./toast', () => ({ showToast: vi.fn(), showLoading: vi.fn(), hideLoading: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();
const relaunchMock = vi.fn<(path: string) => void>();

const USER: UserInfo = {
  id: '7',
  address: '0xA0Cf798816D4b9b9866b5330EEa46a18382f251e',
  identity: 'regular',
  level: 1,
  email: null,
  withdrawAddress: null,
  inviteCodes: [],
  balances: { GOLD: '1.00', USDT: '2.000000', BTC: '0.00000001' },
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The URL, init and headers of the n-th fetch call. */
function call(index = 0) {
  const [url, init] = fetchMock.mock.calls[index] ?? [];
  return { url: String(url), init: init ?? {}, headers: (init?.headers ?? {}) as Record<string, string> };
}

/** A fetch that only ends when its signal aborts, like a server that never answers. */
function hangingFetch(): typeof fetch {
  return (_url, init) =>
    new Promise((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  relaunchMock.mockReset();
  setRelaunch(relaunchMock);
  useSession.setState({ ...DEFAULT_SESSION });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('request: URL', () => {
  it('puts the main API base before a relative URL of type main (the default)', async () => {
    fetchMock.mockResolvedValue(json(200, { code: 0, data: null, msg: '' }));
    await request({ url: 'biz/biz-user/get' });
    expect(call().url).toBe('/app-api/biz/biz-user/get');
  });

  it('puts the market base before a relative URL of any other type', async () => {
    fetchMock.mockResolvedValue(json(200, { code: 0, data: null, msg: '' }));
    await request({ url: 'blockCoin/coinInfoList', method: 'POST', type: 'market', data: { pageNo: 1 } });
    expect(call().url).toBe('/market-api/blockCoin/coinInfoList');
  });

  it('has market answers revalidated rather than read from the browser cache; other calls use the default', async () => {
    fetchMock.mockImplementation(async () => json(200, { code: 0, data: null, msg: '' }));
    await request({ url: 'blockCoin/trend', type: 'market' });
    await request({ url: 'biz/biz-user/get' });
    expect(call(0).init.cache).toBe('no-cache');
    expect(call(1).init.cache).toBeUndefined();
  });

  it('leaves an absolute URL alone', async () => {
    fetchMock.mockImplementation(async () => json(200, { code: 0, data: null, msg: '' }));
    await request({ url: 'https://example.com/x' });
    await request({ url: '/uploads/a.png' });
    expect(call(0).url).toBe('https://example.com/x');
    expect(call(1).url).toBe('/uploads/a.png');
  });

  it('serializes GET data and query into the URL, skipping empty values and repeating arrays', async () => {
    fetchMock.mockResolvedValue(json(200, { code: 0, data: null, msg: '' }));
    await request({
      url: 'biz/biz-notice/page',
      data: { pageNo: 2, pageSize: 10, type: undefined, q: 'a b&c' },
      query: { tags: ['x', 'y'], none: null },
    });
    expect(call().url).toBe('/app-api/biz/biz-notice/page?tags=x&tags=y&pageNo=2&pageSize=10&q=a+b%26c');
    expect(call().init.method).toBe('GET');
    expect(call().init.body).toBeUndefined();
  });

  it('sends POST data as a JSON body and still appends the query', async () => {
    fetchMock.mockResolvedValue(json(200, { code: 0, data: null, msg: '' }));
    await request({ url: 'asset/send', method: 'POST', data: { toUserId: '9', amount: '1.5' }, query: { v: 1 } });
    expect(call().url).toBe('/app-api/asset/send?v=1');
    expect(call().init.method).toBe('POST');
    expect(call().init.body).toBe('{"toUserId":"9","amount":"1.5"}');
    expect(call().headers['Content-Type']).toBe('application/json');
  });

  it('sends an empty POST without a body or a content type', async () => {
    fetchMock.mockResolvedValue(json(200, { code: 0, data: null, msg: '' }));
    await request({ url: 'biz/biz-user/logout', method: 'POST' });
    expect(call().init.body).toBeUndefined();
    expect(call().headers['Content-Type']).toBeUndefined();
  });
});

describe('request: headers', () => {
  it('sends platform h5 and zh-CN languages by default, and no Authorization without a token', async () => {
    fetchMock.mockResolvedValue(json(200, { code: 0, data: null, msg: '' }));
    await request({ url: 'biz/biz-config/get/basic' });
    expect(call().headers).toEqual({ platform: 'h5', 'Accept-Language': 'zh-CN', 'Content-Language': 'zh-CN' });
  });

  it('follows the stored language and adds the bearer token when there is one', async () => {
    useSession.getState().setLocale('ko-KR');
    useSession.getState().signIn('tok-123', '0xabc');
    fetchMock.mockResolvedValue(json(200, { code: 0, data: null, msg: '' }));
    await request({ url: 'biz/biz-user/get' });
    expect(call().headers).toEqual({
      platform: 'h5',
      'Accept-Language': 'ko-KR',
      'Content-Language': 'ko-KR',
      Authorization: 'Bearer tok-123',
    });
  });

  it('adds caller headers such as an Idempotency-Key', async () => {
    fetchMock.mockResolvedValue(json(200, { code: 0, data: null, msg: '' }));
    await request({ url: 'asset/send', method: 'POST', data: {}, headers: { 'Idempotency-Key': 'key-1' } });
    expect(call().headers['Idempotency-Key']).toBe('key-1');
    expect(call().headers.platform).toBe('h5');
  });
});

describe('request: answers', () => {
  it('resolves with the whole body on 2xx, even with a business error code, without a toast', async () => {
    fetchMock.mockResolvedValue(json(200, { code: 1001, data: null, msg: '无效的分区邀请码' }));
    await expect(request({ url: 'biz/biz-user/login', method: 'POST', data: {} })).resolves.toEqual({
      code: 1001,
      data: null,
      msg: '无效的分区邀请码',
    });
    expect(showToast).not.toHaveBeenCalled();
  });

  it('on body code 401: clears token, address and userInfo, keeps the language, relaunches home, rejects', async () => {
    useSession.setState({ token: 't', address: '0xabc', userInfo: USER, language: 'en', localType: 'en' });
    fetchMock.mockResolvedValue(json(200, { code: 401, data: null, msg: '请先登录' }));
    const error = await request({ url: 'biz/biz-user/get' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(401);
    const state = useSession.getState();
    expect([state.token, state.address, state.userInfo, state.language, state.localType]).toEqual([
      '',
      '',
      null,
      'en',
      'en',
    ]);
    expect(relaunchMock).toHaveBeenCalledWith('/');
    // The member is told the session ended (in the app's language), once.
    expect(showToast).toHaveBeenCalledTimes(1);
    expect(showToast).toHaveBeenCalledWith(i18n.t('sessionEnded'));
  });

  it('on a 401 without a session: relaunches home without saying a session ended', async () => {
    useSession.setState({ token: '' });
    fetchMock.mockResolvedValue(json(200, { code: 401, data: null, msg: '请先登录' }));
    await expect(request({ url: 'biz/biz-user/get' })).rejects.toMatchObject({ code: 401 });
    expect(relaunchMock).toHaveBeenCalledWith('/');
    expect(showToast).not.toHaveBeenCalled();
  });

  it('on a 401 under a loading toast: the session-ended message replaces the loading toast', async () => {
    useSession.setState({ token: 't' });
    fetchMock.mockResolvedValue(new Response('Unauthorized', { status: 401 }));
    await expect(api({ url: 'asset/send', method: 'POST', data: {}, loadingText: '处理中...' })).rejects.toMatchObject({
      code: 401,
    });
    expect(showToast).not.toHaveBeenCalled();
    expect(hideLoading).toHaveBeenCalledWith(i18n.t('sessionEnded'));
  });

  it('on HTTP 401 without a 401 body code: clears token and address but keeps userInfo, relaunches home', async () => {
    useSession.setState({ token: 't', address: '0xabc', userInfo: USER });
    fetchMock.mockResolvedValue(new Response('Unauthorized', { status: 401 }));
    await expect(request({ url: 'biz/biz-user/get' })).rejects.toMatchObject({ code: 401, status: 401 });
    const state = useSession.getState();
    expect([state.token, state.address]).toEqual(['', '']);
    expect(state.userInfo).toEqual(USER);
    expect(relaunchMock).toHaveBeenCalledTimes(1);
    expect(relaunchMock).toHaveBeenCalledWith('/');
  });

  it('on another non-2xx: toasts the server msg and rejects with its code', async () => {
    fetchMock.mockResolvedValue(json(400, { code: 400, data: null, msg: '参数 amount 有误' }));
    await expect(request({ url: 'asset/send', method: 'POST', data: {} })).rejects.toMatchObject({
      code: 400,
      msg: '参数 amount 有误',
      status: 400,
    });
    expect(showToast).toHaveBeenCalledWith('参数 amount 有误');
    expect(relaunchMock).not.toHaveBeenCalled();
  });

  it('on a non-2xx without a msg: toasts 请求错误 and rejects with the HTTP status', async () => {
    fetchMock.mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(request({ url: 'biz/biz-user/get' })).rejects.toMatchObject({ code: 502, status: 502 });
    expect(showToast).toHaveBeenCalledWith('请求错误');
  });

  it('does not toast a non-2xx when showErrorToast is false', async () => {
    fetchMock.mockResolvedValue(json(500, { code: 500, data: null, msg: '服务器繁忙，请稍后再试' }));
    await expect(request({ url: 'biz/biz-user/get', showErrorToast: false })).rejects.toMatchObject({ code: 500 });
    expect(showToast).not.toHaveBeenCalled();
  });

  it('shows the loading text while the request runs and hides it after', async () => {
    fetchMock.mockResolvedValue(json(200, { code: 0, data: null, msg: '' }));
    await request({ url: 'biz/user-usdt-record/withdraw', method: 'POST', data: {}, loadingText: '发起提现中...' });
    expect(showLoading).toHaveBeenCalledWith('发起提现中...');
    expect(hideLoading).toHaveBeenCalledTimes(1);
  });

  it('replaces the loading toast with the error, so closing the loading toast cannot wipe it', async () => {
    fetchMock.mockResolvedValue(json(500, { code: 500, data: null, msg: '服务器繁忙，请稍后再试' }));
    await expect(
      request({ url: 'biz/user-usdt-record/receive', method: 'POST', data: {}, loadingText: '领取中...' }),
    ).rejects.toMatchObject({ code: 500 });
    expect(hideLoading).toHaveBeenCalledWith('服务器繁忙，请稍后再试');
    expect(showToast).not.toHaveBeenCalled();
  });

  it('does the same for a business code through api', async () => {
    fetchMock.mockResolvedValue(json(200, { code: 1010, data: null, msg: '余额不足' }));
    await expect(api({ url: 'asset/send', method: 'POST', data: {}, loadingText: '处理中...' })).rejects.toMatchObject({
      code: 1010,
      msg: '余额不足',
    });
    expect(hideLoading).toHaveBeenCalledWith('余额不足');
    expect(showToast).not.toHaveBeenCalled();
  });
});

describe('request: failures without an answer', () => {
  it('toasts 网络错误，换个网络试试 and rejects when the network fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(request({ url: 'biz/biz-user/get' })).rejects.toMatchObject({ code: ERROR_CODE_NETWORK });
    expect(showToast).toHaveBeenCalledWith('网络错误，换个网络试试');
  });

  it('rejects with code 5 after 10 s without an answer', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hangingFetch());
    const settled = vi.fn();
    const pending = request({ url: 'biz/biz-user/get' }).catch((error: ApiError) => {
      settled(error.code);
    });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(settled).toHaveBeenCalledWith(ERROR_CODE_TIMEOUT);
    expect(showToast).toHaveBeenCalledWith('网络错误，换个网络试试');
  });

  it('honours a custom timeout', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hangingFetch());
    const pending = request({ url: 'biz/biz-user/get', timeout: 500 }).catch((error: ApiError) => error.code);
    await vi.advanceTimersByTimeAsync(500);
    expect(await pending).toBe(ERROR_CODE_TIMEOUT);
  });

  it('rejects with code 600003 and no toast when the caller aborts', async () => {
    fetchMock.mockImplementation(hangingFetch());
    const controller = new AbortController();
    const pending = request({ url: 'biz/biz-user/get', signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: ERROR_CODE_ABORT });
    expect(showToast).not.toHaveBeenCalled();
  });
});

describe('upload', () => {
  it('posts the file as multipart field `file` to the upload path with the common headers', async () => {
    useSession.getState().signIn('tok-9', '0xabc');
    fetchMock.mockResolvedValue(json(200, { code: 0, data: { url: '/uploads/a.png' }, msg: '' }));
    const file = new Blob(['png-bytes'], { type: 'image/png' });
    await expect(upload(file, { fileName: 'a.png' })).resolves.toEqual({
      code: 0,
      data: { url: '/uploads/a.png' },
      msg: '',
    });
    expect(call().url).toBe('/app-api/biz/biz-user/upload');
    expect(call().init.method).toBe('POST');
    const body = call().init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    const sent = body.get('file') as File;
    expect(sent.name).toBe('a.png');
    expect(await sent.text()).toBe('png-bytes');
    expect(call().headers).toEqual({
      platform: 'h5',
      'Accept-Language': 'zh-CN',
      'Content-Language': 'zh-CN',
      Authorization: 'Bearer tok-9',
    });
  });

  it('rejects with code 602001 and toasts 上传失败 on a network error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(upload(new Blob(['x']))).rejects.toMatchObject({ code: 602001 });
    expect(showToast).toHaveBeenCalledWith('上传失败');
  });
});

describe('api', () => {
  it('returns data when the body code is 0', async () => {
    fetchMock.mockResolvedValue(json(200, { code: 0, data: { nonce: 'abc12345' }, msg: '' }));
    await expect(api({ url: 'biz/biz-user/nonce' })).resolves.toEqual({ nonce: 'abc12345' });
  });

  it('toasts the msg and throws ApiError for another body code', async () => {
    fetchMock.mockResolvedValue(json(200, { code: 1001, data: null, msg: '无效的分区邀请码' }));
    const error = await api({ url: 'biz/biz-user/login', method: 'POST', data: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 1001, msg: '无效的分区邀请码' });
    expect(showToast).toHaveBeenCalledWith('无效的分区邀请码');
  });

  it('does not toast when told not to', async () => {
    fetchMock.mockResolvedValue(json(200, { code: 1002, data: null, msg: 'x' }));
    await expect(api({ url: 'biz/biz-user/login', showErrorToast: false })).rejects.toMatchObject({ code: 1002 });
    expect(showToast).not.toHaveBeenCalled();
  });
});
