import type { ErrorName } from '@minecloud/contract/error-codes';

export type FeedbackProblems = {
  content: Extract<ErrorName, 'enterFeedback'> | null;
  images: Extract<ErrorName, 'selectImage'> | null;
};

/** What stops a report from being sent: no words, or no image (the server refuses both too). */
export function checkFeedback(content: string, imageCount: number): FeedbackProblems {
  return {
    content: content.trim() ? null : 'enterFeedback',
    images: imageCount > 0 ? null : 'selectImage',
  };
}
