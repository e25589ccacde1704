/**
 * The catalogue's cache keys (docs/decisions/106, 146). Everything a screen reads of the
 * catalogue lives under `['catalogue']`, so one `invalidate(CATALOGUE_KEY)` — after an admin's
 * product change, an order, a cart refusal — reloads every screen's products at once.
 */
export const CATALOGUE_KEY = ['catalogue'];

export const catalogueKeys = {
  product: (id: string) => [...CATALOGUE_KEY, 'product', id],
  related: (id: string) => [...CATALOGUE_KEY, 'related', id],
  latest: [...CATALOGUE_KEY, 'latest'],
  /** The home hero: the owner's pick or the newest (decision 147); a product change can move it. */
  hero: [...CATALOGUE_KEY, 'hero'],
  bestsellers: [...CATALOGUE_KEY, 'bestsellers'],
  /** The ids sorted, so the same cart in any order is one entry. */
  byIds: (ids: readonly string[]) => [...CATALOGUE_KEY, 'by-ids', ...[...ids].sort()],
} as const;
