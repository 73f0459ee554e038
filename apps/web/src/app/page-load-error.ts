/** A page's code could not be downloaded (offline, new deploy, timeout). */
export class PageLoadError extends Error {
  constructor(cause: unknown) {
    super('The page could not be loaded', { cause });
    this.name = 'PageLoadError';
  }
}
