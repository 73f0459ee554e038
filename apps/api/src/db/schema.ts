export * from './schema/auth.ts';
export * from './schema/equity.ts';
export * from './schema/ledger.ts';
export * from './schema/mining.ts';
export * from './schema/operators.ts';
export * from './schema/platform.ts';
export * from './schema/team.ts';
export * from './schema/users.ts';
