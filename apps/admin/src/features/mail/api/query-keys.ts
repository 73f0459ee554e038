export const mailKeys = {
  /** The outbox, a page at a time (components/paged-table). */
  outbox: ['mail', 'outbox'] as const,
};
