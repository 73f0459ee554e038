import type { AdminNotice } from '@minecloud/contract/content';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, mockApi } from '@/test/fetch';
import { button, dialogWith, fill, quickUser } from '@/test/interact';
import { renderWithApp } from '@/test/render';
import { NoticesPage } from './notices-page';

const DRAFT: AdminNotice = {
  id: '7',
  type: 'notice',
  title: 'Maintenance tonight',
  summary: 'From 01:00 to 02:00',
  contentHtml: '<p>Short break.</p>',
  status: 'draft',
  popup: false,
  publishedAt: null,
  updatedAt: '2026-04-01T08:00:00.000Z',
  translations: {},
};
const ARTICLE: AdminNotice = {
  ...DRAFT,
  id: '8',
  type: 'article',
  title: 'How mining works',
  status: 'published',
  publishedAt: '2026-03-01T08:00:00.000Z',
};

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET notices': ({ url }) => {
      const type = url.searchParams.get('type');
      const list = [DRAFT, ARTICLE].filter((n) => !type || n.type === type);
      return { list, total: list.length };
    },
    ...extra,
  });
}

describe('notices and articles', () => {
  it('asks the server for one type when a type is chosen', async () => {
    const requests = api();
    renderWithApp(<NoticesPage />, { me: { role: 'content' } });
    const user = quickUser();
    await screen.findByText('Maintenance tonight');
    await user.click(screen.getByText('Article', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(calls(requests, 'GET notices').at(-1)?.url.searchParams.get('type')).toBe('article'));
    await waitFor(() => expect(screen.queryByText('Maintenance tonight')).not.toBeInTheDocument());
  });

  it('previews the server’s sanitized HTML, not what was typed', async () => {
    const requests = api({
      'POST notices/preview': () => ({ contentHtml: '<p>Hello <b>members</b></p>' }),
    });
    renderWithApp(<NoticesPage />, { me: { role: 'content' } });
    const user = quickUser();
    await screen.findByText('Maintenance tonight');
    await user.click(button(document.body, 'New notice or article'));
    const drawer = await dialogWith('New notice or article');
    await fill(user, within(drawer).getByLabelText('Title'), 'Hello');
    const raw = '<p>Hello <b>members</b></p><script>alert(1)</script><img src=x onerror="alert(2)">';
    await fill(user, within(drawer).getByLabelText('Content (HTML)'), raw);
    // The preview is of the language shown: Chinese here.
    const tab = [...drawer.querySelectorAll<HTMLElement>('[role="tab"]')].find(
      (e) => e.textContent === 'Preview · 简体中文',
    );
    await user.click(tab as HTMLElement);

    const frame = await within(drawer).findByTestId('notice-preview-frame');
    await waitFor(() =>
      expect(frame.querySelector('.notice-preview-content')?.innerHTML).toBe('<p>Hello <b>members</b></p>'),
    );
    expect(frame.querySelector('script')).toBeNull();
    expect(frame.querySelector('img')).toBeNull();
    expect(within(frame).getByText('Hello', { selector: 'h3' })).toBeInTheDocument();
    expect(calls(requests, 'POST notices/preview')[0]?.body).toEqual({ contentHtml: raw });
  });

  it('saves a new draft with the form’s fields', async () => {
    const requests = api({ 'POST notices': ({ body }) => ({ ...DRAFT, ...(body as object), id: '9' }) });
    renderWithApp(<NoticesPage />);
    const user = quickUser();
    await screen.findByText('Maintenance tonight');
    await user.click(button(document.body, 'New notice or article'));
    const drawer = await dialogWith('New notice or article');
    await user.click(button(drawer, 'Save'));
    expect(await within(drawer).findByText('Required')).toBeInTheDocument();
    expect(calls(requests, 'POST notices')).toHaveLength(0);

    await user.click(within(drawer).getByText('Article'));
    await fill(user, within(drawer).getByLabelText('Title'), ' Our roadmap ');
    await fill(user, within(drawer).getByLabelText('Summary'), 'What comes next');
    await user.click(button(within(drawer).getByTestId('notice-versions-zh-CN'), 'Paragraph'));
    await user.click(within(drawer).getByLabelText('Pop-up on home'));
    await user.click(button(drawer, 'Save'));

    await waitFor(() => expect(calls(requests, 'POST notices')).toHaveLength(1));
    expect(calls(requests, 'POST notices')[0]?.body).toEqual({
      type: 'article',
      title: 'Our roadmap',
      summary: 'What comes next',
      contentHtml: '<p></p>',
      popup: true,
      translations: {},
    });
    expect(await screen.findByText('Saved as a draft; publish it when it is ready')).toBeInTheDocument();
  });

  it('writes a version per language beside the Chinese one, and keeps those it was given', async () => {
    const WITH_KOREAN: AdminNotice = {
      ...DRAFT,
      translations: { 'ko-KR': { title: '오늘 밤 점검', summary: '01:00–02:00', contentHtml: '<p>잠시</p>' } },
    };
    const requests = mockApi({
      'GET notices': () => ({ list: [WITH_KOREAN], total: 1 }),
      'PUT notices/7': ({ body }) => ({ ...WITH_KOREAN, ...(body as object) }),
    });
    renderWithApp(<NoticesPage />);
    const user = quickUser();
    const row = (await screen.findByText('Maintenance tonight')).closest('tr') as HTMLElement;
    // The list says which languages a notice is written in.
    expect(within(row).getByText('한국어')).toBeInTheDocument();
    expect(within(row).queryByText('English')).toBeNull();
    await user.click(button(row, 'Edit'));
    const drawer = await dialogWith('Edit notice or article');
    expect(within(drawer).getByLabelText('Title · 한국어')).toHaveValue('오늘 밤 점검');

    // A summary without a title is refused, on the tab of its language.
    const tab = (name: string) =>
      [...drawer.querySelectorAll<HTMLElement>('[role="tab"]')].find((e) => e.textContent === name) as HTMLElement;
    await user.click(tab('English'));
    await fill(user, within(drawer).getByLabelText('Summary · English'), 'From 01:00 to 02:00');
    await user.click(tab('简体中文 (required)'));
    await user.click(button(drawer, 'Save'));
    expect(
      await within(drawer).findByText('Give this language a title, or leave all its fields empty'),
    ).toBeInTheDocument();
    await waitFor(() => expect(tab('English')).toHaveAttribute('aria-selected', 'true'));
    expect(calls(requests, 'PUT notices/7')).toHaveLength(0);

    await fill(user, within(drawer).getByLabelText('Title · English'), ' Maintenance tonight ');
    await user.click(button(within(drawer).getByTestId('notice-versions-en'), 'Paragraph'));
    await user.click(button(drawer, 'Save'));
    await waitFor(() => expect(calls(requests, 'PUT notices/7')).toHaveLength(1));
    expect(calls(requests, 'PUT notices/7')[0]?.body).toMatchObject({
      title: 'Maintenance tonight',
      translations: {
        en: { title: 'Maintenance tonight', summary: 'From 01:00 to 02:00', contentHtml: '<p></p>' },
        'ko-KR': { title: '오늘 밤 점검', summary: '01:00–02:00', contentHtml: '<p>잠시</p>' },
      },
    });
    const sent = calls(requests, 'PUT notices/7')[0]?.body as AdminNotice;
    expect(Object.keys(sent.translations)).toEqual(['en', 'ko-KR']);
  });

  it('publishes a draft only after confirmation, and unpublishes a published one', async () => {
    const requests = api({
      'POST notices/7/publish': () => ({ ...DRAFT, status: 'published' }),
      'POST notices/8/unpublish': () => ({ ...ARTICLE, status: 'draft' }),
    });
    renderWithApp(<NoticesPage />);
    const user = quickUser();
    const draft = (await screen.findByText('Maintenance tonight')).closest('tr') as HTMLElement;
    expect(within(draft).getByText('Draft')).toBeInTheDocument();
    await user.click(button(draft, 'Publish'));
    const confirm = await dialogWith('Publish “Maintenance tonight”?');
    expect(calls(requests, 'POST notices/7/publish')).toHaveLength(0);
    await user.click(button(confirm, 'Publish'));
    await waitFor(() => expect(calls(requests, 'POST notices/7/publish')).toHaveLength(1));

    const article = screen.getByText('How mining works').closest('tr') as HTMLElement;
    await user.click(button(article, 'Unpublish'));
    const ask = await dialogWith('Unpublish “How mining works”?');
    await user.click(button(ask, 'Unpublish'));
    await waitFor(() => expect(calls(requests, 'POST notices/8/unpublish')).toHaveLength(1));
    // The list is asked again after each change.
    await waitFor(() => expect(calls(requests, 'GET notices').length).toBeGreaterThanOrEqual(3));
  });
});
