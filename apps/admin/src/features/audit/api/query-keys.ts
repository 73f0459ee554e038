export const auditKeys = {
  /** The audit log, a page at a time (components/paged-table). */
  page: ['audit'] as const,
};
