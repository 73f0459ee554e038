import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LazyPull } from './lazy-pull';

const content = () => (
  <button type="button" data-testid="card">
    card
  </button>
);
const pull = () => (
  <LazyPull onRefresh={async () => {}} failed={false}>
    {content()}
  </LazyPull>
);

describe('LazyPull', () => {
  it('switches to the pull once, then later visits start with it and never mount the content twice', async () => {
    const first = render(pull());
    await waitFor(() => expect(document.querySelector('.adm-pull-to-refresh')).not.toBeNull());
    first.unmount();

    const second = render(pull());
    // From the first render: the content is in the pull already.
    expect(document.querySelector('.adm-pull-to-refresh')).not.toBeNull();
    const card = screen.getByTestId('card');
    expect(document.querySelector('.adm-pull-to-refresh-content')).toContainElement(card);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('card')).toBe(card);
    second.unmount();
  });
});
