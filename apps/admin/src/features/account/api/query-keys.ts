export const accountKeys = {
  /** The operator's own address for security notices. */
  email: ['auth', 'email'] as const,
};
