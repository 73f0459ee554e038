import type { ReactNode } from 'react';
import './status-tag.css';

/** Waiting (in review, confirming), failed (rejected, not credited) or done (arrived, credited). */
export type StatusTone = 'waiting' | 'failed' | 'done';

export function StatusTag({ tone, testId, children }: { tone: StatusTone; testId: string; children: ReactNode }) {
  return (
    <span className={`status-tag is-${tone}`} data-testid={testId}>
      {children}
    </span>
  );
}
