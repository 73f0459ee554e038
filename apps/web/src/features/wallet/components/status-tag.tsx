import type { withdrawalTone } from '@minecloud/contract/withdrawal-states';
import type { ReactNode } from 'react';
import './status-tag.css';

/**
 * Waiting (in review, approved, paying, confirming), failed (rejected, paused, not credited) or
 * done (arrived, credited): the contract's tones of a withdrawal, shared by deposits.
 */
export type StatusTone = ReturnType<typeof withdrawalTone>;

export function StatusTag({ tone, testId, children }: { tone: StatusTone; testId: string; children: ReactNode }) {
  return (
    <span className={`status-tag is-${tone}`} data-testid={testId} data-tone={tone}>
      {children}
    </span>
  );
}
