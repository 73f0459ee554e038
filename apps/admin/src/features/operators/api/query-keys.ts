export const operatorsKeys = {
  list: ['operators'] as const,
  passkeyPolicy: ['operators', 'passkeyPolicy'] as const,
};
