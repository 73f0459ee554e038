/** Every query of this feature starts with `rounds`. */
export const roundsKeys = {
  all: ['rounds'] as const,
  list: (period: number) => ['rounds', 'list', period] as const,
  candles: (period: number, periodNo: number) => ['rounds', 'candles', period, periodNo] as const,
};
