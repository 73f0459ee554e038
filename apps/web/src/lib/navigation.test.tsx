import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createThrottle, NAVIGATION_THROTTLE_MS, resetNavigationThrottle, useAppNavigate } from './navigation';
import { showToast } from './toast';

vi.mock('./toast', () => ({ showToast: vi.fn() }));

describe('createThrottle', () => {
  it('lets one call through per interval', () => {
    let now = 1000;
    const gate = createThrottle(500, () => now);
    expect(gate()).toBe(true);
    now = 1499;
    expect(gate()).toBe(false);
    now = 1500;
    expect(gate()).toBe(true);
    now = 1600;
    expect(gate()).toBe(false);
  });
});

function Probe({ target }: { target: string }) {
  const { go, back } = useAppNavigate();
  const location = useLocation();
  return (
    <div>
      <p data-testid="where">{location.pathname}</p>
      <button type="button" onClick={() => go(target)}>
        go
      </button>
      <button type="button" onClick={() => go('/b')}>
        go-b
      </button>
      <button type="button" onClick={() => back()}>
        back
      </button>
    </div>
  );
}

function renderProbe(target: string, initial = ['/start']) {
  const router = createMemoryRouter([{ path: '*', element: <Probe target={target} /> }], { initialEntries: initial });
  render(<RouterProvider router={router} />);
  return router;
}

describe('useAppNavigate', () => {
  beforeEach(() => {
    resetNavigationThrottle();
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => vi.useRealTimers());

  it('toasts 暂未开放! and stays put for an empty target', async () => {
    renderProbe('');
    await userEvent.click(screen.getByText('go'));
    expect(showToast).toHaveBeenCalledWith('暂未开放!');
    expect(screen.getByTestId('where')).toHaveTextContent('/start');
  });

  it('navigates at most once per 500 ms, across targets', async () => {
    renderProbe('/a');
    await userEvent.click(screen.getByText('go'));
    expect(screen.getByTestId('where')).toHaveTextContent('/a');
    await userEvent.click(screen.getByText('go-b'));
    expect(screen.getByTestId('where')).toHaveTextContent('/a');
    act(() => vi.advanceTimersByTime(NAVIGATION_THROTTLE_MS));
    await userEvent.click(screen.getByText('go-b'));
    expect(screen.getByTestId('where')).toHaveTextContent('/b');
  });

  it('throttles back with the same gate', async () => {
    renderProbe('/a');
    await userEvent.click(screen.getByText('go'));
    await userEvent.click(screen.getByText('back'));
    expect(screen.getByTestId('where')).toHaveTextContent('/a');
    act(() => vi.advanceTimersByTime(NAVIGATION_THROTTLE_MS));
    await userEvent.click(screen.getByText('back'));
    expect(screen.getByTestId('where')).toHaveTextContent('/start');
  });

  it('goes to the home tab on back when the page was opened directly', async () => {
    renderProbe('/a', ['/deep/link']);
    await userEvent.click(screen.getByText('back'));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });
});
