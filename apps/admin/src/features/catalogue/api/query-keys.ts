export const catalogueKeys = {
  products: ['catalogue', 'products'] as const,
  banners: ['catalogue', 'banners'] as const,
};
