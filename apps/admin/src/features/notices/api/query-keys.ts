export const noticesKeys = {
  /** The notices, a page at a time (components/paged-table). */
  list: ['notices'] as const,
};
