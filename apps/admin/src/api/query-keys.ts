/**
 * Query roots that more than one feature refreshes: an adjustment changes a member's balances and
 * the queue of adjustments, whichever page made or decided it.
 */
export const sharedKeys = {
  members: ['members'] as const,
  /** Every query of one member (`['member', id, …]`), or of all members without `id`. */
  member: (id?: string) => (id === undefined ? (['member'] as const) : (['member', id] as const)),
  adjustments: ['adjustments'] as const,
};
