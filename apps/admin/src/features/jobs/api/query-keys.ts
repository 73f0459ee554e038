export const jobsKeys = {
  list: ['jobs', 'list'] as const,
  /** The runs, a page at a time (components/paged-table). */
  runs: ['jobs', 'runs'] as const,
};
