import { API } from '@minecloud/contract/api-paths';
import type { FeedbackRow } from '@minecloud/contract/content';
import { vi } from 'vitest';
import { DEFAULT_SESSION, useSession } from '@/lib/session';
import { page } from '@/test/calls';
import { BASIC_CONFIG, mockServer, ok } from '@/test/render-app';

/** Fixtures of the feedback tests (imported by tests only). */
export const UPLOAD = `/app-api/${API.upload}`;
export const SUBMIT = `/app-api/${API.feedbackSubmit}`;

export function signIn(): void {
  useSession.setState({ ...DEFAULT_SESSION, token: 'jwt-1', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' });
}

export function feedbackRow(id: string, overrides: Partial<FeedbackRow> = {}): FeedbackRow {
  return {
    id,
    content: `问题 ${id}`,
    images: [],
    reply: null,
    repliedAt: null,
    createdAt: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

type Handlers = Parameters<typeof mockServer>[0];

/** Uploads answer `/uploads/<file name>`; the history is empty unless `handlers` say otherwise. */
export function feedbackServer(handlers: Handlers = {}) {
  return mockServer({
    'GET /app-api/biz/biz-config/get/basic': () => ok(BASIC_CONFIG),
    [`POST ${UPLOAD}`]: ({ body }) => ok({ url: `/uploads/${((body as FormData).get('file') as File).name}` }),
    [`POST ${SUBMIT}`]: () => ok({ id: '31' }),
    [`POST /app-api/${API.feedbackList}`]: () => page([]),
    ...handlers,
  });
}

export function png(name: string): File {
  return new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
}

/** jsdom has no object URLs; the image picker previews a picked file with one. */
export function stubObjectUrls(): void {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => undefined }));
}

/** The file input of the image picker. */
export function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('[data-testid="feedback-images"] input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}
