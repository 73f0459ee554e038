export const withdrawalsKeys = {
  /** The review queue, a page at a time (components/paged-table). */
  list: ['withdrawals'] as const,
};
