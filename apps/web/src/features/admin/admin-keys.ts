import { CATALOGUE_KEY } from '@/lib/products-store';
import { invalidate } from '@/lib/query';

/**
 * The admin area's cache keys (decision 106). All start with `admin`, so a change of session drops
 * them together (lib/account-session.ts).
 */
export const OVERVIEW_KEY = ['admin', 'overview'];
export const PRODUCTS_KEY = ['admin', 'products'];
export const ORDERS_KEY = ['admin', 'orders'];
export const COUPONS_KEY = ['admin', 'coupons'];
export const VIDEOS_KEY = ['admin', 'videos'];
export const productKey = (id: string) => ['admin', 'product', id];

/** After a product is added, changed or deleted: the admin lists and the shop's catalogue. */
export function invalidateProducts(): void {
  invalidate(PRODUCTS_KEY);
  invalidate(CATALOGUE_KEY);
}

/** After the clips change: the home page's carousel (its key, in features/home/video-carousel.tsx). */
export function invalidateShopVideos(): void {
  invalidate(['videos']);
}
