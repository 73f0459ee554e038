/** Every query of this feature starts with `rounds`. */
export const roundsKeys = {
  all: ['rounds'] as const,
  list: (period: number) => ['rounds', 'list', period] as const,
};
