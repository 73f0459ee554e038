import { sql } from 'drizzle-orm';

/**
 * The level bonus as a percentage of a member's own hash rate, as SQL over the member's row `u`.
 * Levels arrive with the team module; until then every level's bonus is 0%, and this is the one
 * place that changes (settlement and the hash-rate page both read it).
 */
export const levelBonusPct = sql`0`;
