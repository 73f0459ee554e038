import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { paths } from '@/config/paths';
import { DEFAULT_SESSION, useSession } from '@/lib/session';
import { failure, page } from './calls';
import { renderApp } from './render-app';

type Answer = { status?: number; body: unknown };

type PagedList = {
  path: string;
  /** Sets up the page's server, `answer` answering its list call for the page asked for. */
  serve: (answer: (asked: { pageNo: number }) => Answer) => unknown;
  /** An item of the list, by id. */
  item: (id: string) => unknown;
  /** The rows on screen. */
  rows: () => HTMLElement[];
};

/**
 * A list page asks for its next page once the end of the list is in view: 10 items on page 1 of 12,
 * then the last 2, and the list says it has them all.
 */
export async function expectNextPageAtEnd({ path, serve, item, rows }: PagedList): Promise<void> {
  const asked: number[] = [];
  serve(({ pageNo }) => {
    asked.push(pageNo);
    return pageNo === 1
      ? page(
          Array.from({ length: 10 }, (_, i) => item(String(100 - i))),
          12,
        )
      : page([item('90'), item('89')], 12);
  });
  renderApp(path);
  expect(await screen.findByTestId('list-finished')).toHaveTextContent('已加载完毕');
  expect(rows()).toHaveLength(12);
  expect(asked).toEqual([1, 2]);
}

type EmptyList = {
  path: string;
  serve: (answer: () => Answer) => unknown;
  /** The test id and the words of the failed list, then of the empty one. */
  failed: [testId: string, text: string];
  empty: [testId: string, text: string];
  /** The empty state's way on: its button, and the path it opens. */
  goTo: [testId: string, path: string];
};

/** A list that failed says so with a retry; retried into an empty list, it says that and shows the way on. */
export async function expectFailedThenEmpty({ path, serve, failed, empty, goTo }: EmptyList): Promise<void> {
  let fail = true;
  serve(() => (fail ? failure : page([])));
  const { router } = renderApp(path);
  expect(await screen.findByTestId(failed[0])).toHaveTextContent(failed[1]);
  fail = false;
  await userEvent.click(screen.getByTestId('error-retry'));
  expect(await screen.findByTestId(empty[0])).toHaveTextContent(empty[1]);
  await userEvent.click(screen.getByTestId(goTo[0]));
  await waitFor(() => expect(router.state.location.pathname).toBe(goTo[1]));
}

/** A signed-out visitor of a members' page is sent to sign in (its server set up before). */
export async function expectSentToSignIn(path: string): Promise<void> {
  useSession.setState({ ...DEFAULT_SESSION });
  const { router } = renderApp(path);
  await waitFor(() => expect(router.state.location.pathname).toBe(paths.login.path));
}
