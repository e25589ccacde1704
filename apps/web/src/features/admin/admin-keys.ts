import { CATALOGUE_KEY } from '@/lib/catalogue-keys';
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
/** One order's screen; under ORDERS_KEY, so a change to the orders reloads it too. */
export const orderKey = (id: string) => [...ORDERS_KEY, 'one', id];
export const RETURNS_KEY = ['admin', 'returns'];
export const REFUNDS_KEY = ['admin', 'refunds'];
export const REVIEWS_KEY = ['admin', 'reviews'];
export const DELIVERY_KEY = ['admin', 'delivery'];
export const HOME_HERO_KEY = ['admin', 'home-hero'];
export const taxReportKey = (month: string) => ['admin', 'tax-report', month];
/** Everything about stock: the low-stock view (per threshold) and each product's history. */
const STOCK_KEY = ['admin', 'stock'];
export const lowStockKey = (threshold: number) => [...STOCK_KEY, 'low', threshold];
export const stockMovementsKey = (id: string, page: number) => [
  ...STOCK_KEY,
  'movements',
  id,
  page,
];

/**
 * After a product or its stock is added, changed or deleted: the admin lists, the stock views
 * and the shop's catalogue (its sizes show what is sold out).
 */
export function invalidateProducts(): void {
  invalidate(PRODUCTS_KEY);
  invalidate(STOCK_KEY);
  invalidate(CATALOGUE_KEY);
}

/** After an order changes (a cancel gives its units back): what shows stock, here and in the shop. */
export function invalidateStock(): void {
  invalidateProducts();
  invalidate(['admin', 'product']);
}

/** After the clips change: the home page's carousel (its key, in features/home/video-carousel.tsx). */
export function invalidateShopVideos(): void {
  invalidate(['videos']);
}

/**
 * After an order, a return or a refund moves: each moves the others (receiving a refund's goods
 * issues the refund, a refund settles the order's payment), so every after-sale view reads again.
 */
export function invalidateAfterSale(): void {
  invalidate(ORDERS_KEY);
  invalidate(RETURNS_KEY);
  invalidate(REFUNDS_KEY);
  invalidate(OVERVIEW_KEY);
}
