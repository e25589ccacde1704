import type { GroupLoader, LateTableGroup } from './answer-checks';
import { lateRoutes } from '@vastra/shared/api/late-routes';
import { addTableGroups } from './answer-checks';
import { addRoutes } from './api-client';

/**
 * The loaders of the endpoint-table groups called only from lazily loaded chunks (the admin area,
 * the order page). Imported only by those chunks (`addLateTableGroups` in their call modules),
 * so none of this is in the shopper's first chunk (docs/decisions/022, 105).
 */
const lateTableGroups: Record<LateTableGroup, GroupLoader> = {
  addresses: () => import('@vastra/shared/api/endpoints/addresses').then((m) => m.addresses),
  admin: () => import('@vastra/shared/api/endpoints/admin').then((m) => m.admin),
  cartEdits: () => import('@vastra/shared/api/endpoints/cart-edits').then((m) => m.cartEdits),
  delivery: () => import('@vastra/shared/api/endpoints/delivery').then((m) => m.delivery),
  homeHero: () => import('@vastra/shared/api/endpoints/home-hero').then((m) => m.homeHero),
  refunds: () => import('@vastra/shared/api/endpoints/refunds').then((m) => m.refunds),
  returns: () => import('@vastra/shared/api/endpoints/returns').then((m) => m.returns),
  reviews: () => import('@vastra/shared/api/endpoints/reviews').then((m) => m.reviews),
  taxReport: () => import('@vastra/shared/api/endpoints/tax-report').then((m) => m.taxReport),
  wishlist: () => import('@vastra/shared/api/endpoints/wishlist').then((m) => m.wishlist),
};

/** Makes the late groups callable and their answers checkable: called once by each chunk that calls them. */
export function addLateTableGroups(): void {
  addRoutes(lateRoutes);
  addTableGroups(lateTableGroups);
}
