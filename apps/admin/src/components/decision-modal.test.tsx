import { screen, waitFor } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { describe, expect, it } from 'vitest';
import { button, dialogWith } from '@/test/interact';
import { fill, renderWithApp } from '@/test/render';
import { DecisionModal, useConfirmDecision } from './decision-modal';

/** The frame, open, with a decision whose answers the test hands out one by one. */
function renderFrame(props: Partial<ComponentProps<typeof DecisionModal>>) {
  const sent: (string | undefined)[] = [];
  const answers: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  const decide = (reason?: string) =>
    new Promise<void>((resolve, reject) => {
      sent.push(reason);
      answers.push({ resolve, reject });
    });
  const { user } = renderWithApp(
    <DecisionModal open title="Decision 7" okText="Decide" decide={decide} onClose={() => {}} {...props} />,
  );
  return { sent, answers, user };
}

const okButton = () => screen.getByRole('button', { name: /Decide/ });

describe('the decision frame', () => {
  it('requires the reason when asked, and sends it trimmed once however often OK is pressed', async () => {
    const { sent, answers, user } = renderFrame({
      danger: true,
      reason: { formName: 'test-reason', label: 'Reason', rules: [{ required: true, message: 'Enter the reason' }] },
    });
    await user.click(okButton());
    expect(await screen.findByText('Enter the reason')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await fill(user, screen.getByLabelText('Reason'), '  too risky  ');
    await user.click(okButton());
    await waitFor(() => expect(sent).toEqual(['too risky']));
    await user.click(okButton());
    await user.click(okButton());
    expect(sent).toEqual(['too risky']);

    // A refusal shows in place, the text kept for another try.
    answers[0]?.reject(new Error('no'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The request failed; try again');
    expect(screen.getByLabelText('Reason')).toHaveValue('  too risky  ');
  });

  it('confirms without a form when no reason is asked, busy until the decision is made', async () => {
    const { sent, answers, user } = renderFrame({ summary: <p>What leaves</p> });
    expect(screen.getByText('What leaves')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(okButton());
    expect(okButton()).toHaveAccessibleName('loading Decide');
    await user.click(okButton());
    expect(sent).toEqual([undefined]);
    answers[0]?.resolve();
    await waitFor(() => expect(okButton()).toHaveAccessibleName('Decide'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks a one-sentence decision in the confirm box: a refusal is notified, then it settles', async () => {
    const settled: string[] = [];
    function Asker() {
      const confirm = useConfirmDecision();
      const ask = () =>
        confirm({
          title: 'Delete the banner?',
          okText: 'Delete',
          danger: true,
          run: () => Promise.reject(new Error('no')),
          settle: async () => void settled.push('reloaded'),
        });
      return (
        <button type="button" onClick={ask}>
          Ask
        </button>
      );
    }
    const { user } = renderWithApp(<Asker />);
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    const asked = await dialogWith('Delete the banner?');
    await user.click(button(asked, 'Delete'));
    expect(await screen.findByText('The request failed; try again')).toBeInTheDocument();
    await waitFor(() => expect(settled).toEqual(['reloaded']));
  });
});
