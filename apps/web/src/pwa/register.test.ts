import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmEveryPrompt, pause } from '@/test/double-tap';
import { startServiceWorker } from './register';

type Listener = () => void;
const made: FakeWorkbox[] = [];

class FakeWorkbox {
  listeners = new Map<string, Listener[]>();
  registered = 0;
  skipped = 0;
  constructor(
    readonly url: string,
    readonly options: unknown,
  ) {
    made.push(this);
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
  async register() {
    this.registered += 1;
  }
  messageSkipWaiting() {
    this.skipped += 1;
  }
}

// The class is read when the module under test builds a Workbox, not when the mock is hoisted.
vi.mock('workbox-window', () => ({
  Workbox: class {
    constructor(url: string, options: unknown) {
      // biome-ignore lint/correctness/noConstructorReturn: the stand-in is the test's own recording class
      return new FakeWorkbox(url, options);
    }
  },
}));

beforeEach(() => {
  made.length = 0;
});

const container = {} as ServiceWorkerContainer;

describe('the service worker', () => {
  it('registers /sw.js for the whole app', () => {
    startServiceWorker(container);
    expect(made).toHaveLength(1);
    expect([made[0]?.url, made[0]?.options, made[0]?.registered]).toEqual(['/sw.js', { scope: '/' }, 1]);
  });

  it('does nothing in a browser without service workers', () => {
    startServiceWorker(undefined);
    expect(made).toEqual([]);
  });

  it('asks once when a new version waits, and on yes switches to it and reloads', async () => {
    const reload = vi.fn();
    startServiceWorker(container, reload);
    const workbox = made[0] as FakeWorkbox;
    workbox.emit('waiting');
    expect(await screen.findByText('有新版本可用，是否立即更新？')).toBeInTheDocument();
    expect(workbox.skipped).toBe(0);
    expect(await confirmEveryPrompt()).toBe(1);
    await waitFor(() => expect(workbox.skipped).toBe(1));
    expect(reload).not.toHaveBeenCalled();
    workbox.emit('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('keeps the running version when the member says later', async () => {
    startServiceWorker(container);
    const workbox = made[0] as FakeWorkbox;
    workbox.emit('waiting');
    await waitFor(() => expect(screen.queryAllByTestId('dialog-cancel')).toHaveLength(1));
    await pause();
    // fireEvent: antd-mobile keeps a dialog's buttons inert while its opening animation runs (never ends in jsdom).
    fireEvent.click(screen.getByTestId('dialog-cancel'));
    await waitFor(() => expect(screen.queryByText('有新版本可用，是否立即更新？')).not.toBeInTheDocument());
    expect(workbox.skipped).toBe(0);
  });
});
