export const equityKeys = {
  /** The rounds, a page at a time (components/paged-table). */
  rounds: ['equity', 'rounds'] as const,
};
