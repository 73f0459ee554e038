export * from './schema/auth.ts';
export * from './schema/users.ts';
