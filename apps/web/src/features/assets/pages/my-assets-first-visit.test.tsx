import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { idleNeverComes } from '@/test/idle';
import { signInBeforeEachTest } from '@/test/page-setup';
import { renderApp } from '@/test/render-app';
import { server } from '../testing/my-assets-fixtures';

signInBeforeEachTest();

// A file of its own: each test file starts with a fresh module graph, as an app start does, so the
// pull's code has not been loaded yet (every later visit of an app start renders the pull at once).
describe('my assets, the first visit of an app start', () => {
  it('shows the assets before the pull code has arrived, and fetches it at the first touch', async () => {
    // Only the touch asks for the pull.
    idleNeverComes();
    server();
    renderApp(paths.assetsList.path);
    expect(await screen.findByTestId('asset-available-USDT')).toHaveTextContent('10.99');
    expect(document.querySelector('.adm-pull-to-refresh')).toBeNull();
    fireEvent.touchStart(screen.getByTestId('my-assets'));
    await waitFor(() => expect(document.querySelector('.adm-pull-to-refresh')).not.toBeNull());
    expect(screen.getByTestId('asset-available-USDT')).toHaveTextContent('10.99');
  });
});
