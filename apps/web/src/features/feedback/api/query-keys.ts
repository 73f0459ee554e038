export const feedbackKeys = {
  all: ['feedback'] as const,
  list: () => ['feedback', 'list'] as const,
};
