export const feedbackKeys = {
  /** Members' feedback, a page at a time (components/paged-table). */
  list: ['feedback'] as const,
};
