import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { idleNeverComes } from '@/test/idle';
import { LazyPull } from './lazy-pull';

// A file of its own: each test file starts with a fresh module graph, as an app start does, so the
// pull's code has not been loaded yet when the content first shows.
describe('LazyPull, before its code has arrived', () => {
  it('renders on a server (the app shell, at build time) the markup of its first render', () => {
    idleNeverComes();
    const page = (
      <LazyPull onRefresh={async () => {}} failed={false}>
        <p className="card">card</p>
      </LazyPull>
    );
    const server = renderToStaticMarkup(page);
    const { container } = render(page);
    expect(server).toBe('<div class="lazy-wrapper"><div><p class="card">card</p></div></div>');
    expect(container.innerHTML).toBe(server);
  });

  it('keeps the content mounted, the same DOM nodes, when the pull arrives under a first tap', async () => {
    // Only the touch asks for the pull.
    idleNeverComes();
    let mounts = 0;
    const taps = vi.fn();
    function Card() {
      useEffect(() => {
        mounts += 1;
      }, []);
      return (
        <button type="button" data-testid="card" onClick={taps}>
          card
        </button>
      );
    }
    render(
      <LazyPull onRefresh={async () => {}} failed={false}>
        <Card />
      </LazyPull>,
    );
    const card = screen.getByTestId('card');
    expect(document.querySelector('.adm-pull-to-refresh')).toBeNull();

    // The finger goes down: the pull's code is asked for, and arrives before the finger lifts.
    fireEvent.touchStart(card);
    await waitFor(() => expect(document.querySelector('.adm-pull-to-refresh')).not.toBeNull());
    expect(screen.getByTestId('card')).toBe(card);
    expect(mounts).toBe(1);
    expect(document.querySelector('.adm-pull-to-refresh-content')).toContainElement(card);

    // The finger lifts: the tap reaches the card it started on.
    fireEvent.click(card);
    expect(taps).toHaveBeenCalledTimes(1);
  });
});
