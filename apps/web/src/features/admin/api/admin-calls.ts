import type { EndpointBody, EndpointQuery } from '@vastra/shared/api/endpoints';
import type {
  AdminCouponCreate,
  AdminCouponUpdate,
  AdminProductFields,
  AdminProductUpdate,
} from '@vastra/shared/schemas/admin';
import type { DeliverySettings } from '@vastra/shared/schemas/delivery';
import type { HomeHeroChoice } from '@vastra/shared/schemas/home-hero';
import type { StockInput } from '@vastra/shared/schemas/stock';
import type { ADMIN_REFUND_VIEWS, ADMIN_RETURN_VIEWS } from '@vastra/shared/schemas/order-life';
import type { AdminReviewView } from '@vastra/shared/schemas/review';
import { lateRoutes } from '@vastra/shared/api/late-routes';
import { taxReportFileName } from '@vastra/shared/tax/report-month';
import { api } from '@/lib/api-client';
import { addLateTableGroups } from '@/lib/late-table-groups';
import { downloadFile } from '@/lib/file-download';

// The admin's endpoint groups load from this chunk, not the shopper's first one.
addLateTableGroups();

export type AdminReturnView = (typeof ADMIN_RETURN_VIEWS)[number];
export type AdminRefundView = (typeof ADMIN_REFUND_VIEWS)[number];

/**
 * The shop owner's calls (/api/admin), one function each. Every answer is checked with the
 * endpoint table's schema, loaded with the call; the whole admin area is one lazy chunk, so zod
 * never comes into a shopper's page (docs/decisions/085, 105).
 */

export function getOverview(signal?: AbortSignal) {
  return api.call('admin.overview', { signal });
}

// ── Products ──

export interface ProductListFilters {
  search: string;
  deleted: 'exclude' | 'only';
  /** newest first, or the product with the fewest units available in any size first. */
  sort: 'newest' | 'stock';
  page: number;
}

export function getAdminProducts(
  filters: ProductListFilters,
  pageSize: number,
  signal?: AbortSignal,
) {
  const search = filters.search.trim();
  return api.call('admin.productList', {
    query: {
      page: filters.page,
      pageSize,
      deleted: filters.deleted,
      ...(filters.sort === 'stock' ? { sort: 'stock' as const } : {}),
      ...(search ? { search } : {}),
    },
    signal,
  });
}

/** One product as the owner sees it, with its stock on hand, held and available per size. */
export async function getAdminProduct(id: string, signal?: AbortSignal) {
  return (await api.call('admin.productGet', { params: { id }, signal })).product;
}

/**
 * Multipart: the fields, each size as its own `sizes` field, the stock on hand as one JSON field
 * (`{"M":12}`), and 1–4 files named `images`.
 */
export function createProduct(
  fields: AdminProductFields & { stock: StockInput },
  images: readonly File[],
) {
  const form = new FormData();
  form.append('name', fields.name);
  form.append('description', fields.description);
  form.append('price', String(fields.price));
  // No MRP is no field (the server takes a blank or missing one as none).
  if (fields.mrp != null) form.append('mrp', String(fields.mrp));
  form.append('category', fields.category);
  form.append('subCategory', fields.subCategory);
  if (fields.hsn !== undefined) form.append('hsn', fields.hsn);
  for (const size of fields.sizes) form.append('sizes', size);
  form.append('stock', JSON.stringify(fields.stock));
  for (const image of images) form.append('images', image, image.name);
  return api.call('admin.productCreate', { body: form });
}

export function updateProduct(id: string, change: AdminProductUpdate) {
  return api.call('admin.productUpdate', { params: { id }, body: change });
}

export function addProductImages(id: string, images: readonly File[]) {
  const form = new FormData();
  for (const image of images) form.append('images', image, image.name);
  return api.call('admin.productAddImages', { params: { id }, body: form });
}

export function deleteProduct(id: string) {
  return api.call('admin.productDelete', { params: { id } });
}

// ── Stock ──

/** Every size with `threshold` or fewer units available, fewest first. */
export function getLowStock(threshold: number, signal?: AbortSignal) {
  return api.call('admin.stockLow', { query: { threshold }, signal });
}

/** A product's stock changes, newest first, a page at a time. */
export function getStockMovements(id: string, page: number, signal?: AbortSignal) {
  return api.call('admin.stockMovements', { params: { id }, query: { page }, signal });
}

// ── Orders ──

/** `query` from orders/order-filters.ts (`ordersApiQuery`). */
export function getAdminOrders(query: EndpointQuery<'admin.orderList'>, signal?: AbortSignal) {
  return api.call('admin.orderList', { query, signal });
}

/** One order with its timeline, refunds and returns, and what the admin may do now. */
export async function getAdminOrder(id: string, signal?: AbortSignal) {
  return (await api.call('admin.orderGet', { params: { id }, signal })).order;
}

/** A step of the order; Shipped takes the courier and tracking number, Cancelled a note. */
export function changeOrderStatus(id: string, change: EndpointBody<'admin.orderStatus'>) {
  return api.call('admin.orderStatus', { params: { id }, body: change });
}

export function markOrderPaid(id: string) {
  return api.call('admin.orderPaid', { params: { id } });
}

// ── Returns and refunds (the after-sale desks, docs/decisions/122) ──

export function getAdminReturns(view: AdminReturnView, signal?: AbortSignal) {
  return api.call('returns.adminList', { query: { view }, signal });
}

/** One step of a return request: a note (approve, reject), courier and tracking (exchange). */
export function moveReturn(id: string, move: EndpointBody<'returns.adminMove'>) {
  return api.call('returns.adminMove', { params: { id }, body: move });
}

export function getAdminRefunds(view: AdminRefundView, signal?: AbortSignal) {
  return api.call('refunds.adminList', { query: { view }, signal });
}

/** Sends a failed Razorpay refund again (same idempotency key: it cannot pay twice). */
export function retryRefund(id: string) {
  return api.call('refunds.adminRetry', { params: { id } });
}

/** A cash-on-delivery refund the owner paid out by UPI, with the payout's reference. */
export function markRefundPaidOut(id: string, reference: string) {
  return api.call('refunds.adminPaidOut', { params: { id }, body: { reference } });
}

// ── GST report (docs/decisions/125-gst-report.md) ──

/** The month's (`2026-11`) invoices and credit notes by rate and place of supply, and netted. */
export async function getTaxReport(month: string, signal?: AbortSignal) {
  return (await api.call('taxReport.adminReport', { query: { month }, signal })).report;
}

/** The same report saved as vastra-gst-2026-11.csv. */
export function downloadTaxReportCsv(month: string) {
  const query = new URLSearchParams({ month });
  return downloadFile(
    `${lateRoutes.taxReport.adminReportCsv.url}?${query}`,
    'text/csv',
    taxReportFileName(month),
  );
}

// ── Coupons ──

export function getCoupons(signal?: AbortSignal) {
  return api.call('admin.couponList', { signal });
}

export function createCoupon(coupon: AdminCouponCreate) {
  return api.call('admin.couponCreate', { body: coupon });
}

export function updateCoupon(id: string, change: AdminCouponUpdate) {
  return api.call('admin.couponUpdate', { params: { id }, body: change });
}

// ── Videos ──

export function getAdminVideos(signal?: AbortSignal) {
  return api.call('admin.videoList', { signal });
}

export function addVideoUrl(videoUrl: string, title: string) {
  return api.call('admin.videoAddUrl', { body: { videoUrl, title } });
}

export function uploadVideo(file: File, title: string) {
  const form = new FormData();
  form.append('title', title);
  form.append('video', file, file.name);
  return api.call('admin.videoUpload', { body: form });
}

export function reorderVideos(ids: string[]) {
  return api.call('admin.videoOrder', { body: { ids } });
}

export function removeVideo(id: string) {
  return api.call('admin.videoDelete', { params: { id } });
}

// ── Delivery (docs/decisions/128-delivery-check.md) ──

/** The PIN-code ranges and the holidays, as the server keeps them. */
export async function getDeliverySettings(signal?: AbortSignal) {
  return (await api.call('delivery.settings', { signal })).settings;
}

/** Replaces both lists as a whole; the answer is what the server now keeps. */
export async function saveDeliverySettings(settings: DeliverySettings) {
  return (await api.call('delivery.saveSettings', { body: settings })).settings;
}

// ── Reviews (docs/decisions/136-product-reviews.md) ──

/** The owner reads more at a time than a shopper's 5. */
const ADMIN_REVIEWS_PAGE = 20;

/** Every review newest first, a page at a time (`before`: the last page's nextCursor). */
export function getAdminReviews(view: AdminReviewView, before?: string, signal?: AbortSignal) {
  return api.call('reviews.adminList', {
    query: { view, limit: ADMIN_REVIEWS_PAGE, ...(before ? { before } : {}) },
    signal,
  });
}

/** Hides a review from the shop, with the reason the author is shown. */
export function hideReview(id: string, reason: string) {
  return api.call('reviews.adminHide', { params: { id }, body: { reason } });
}

export function showReview(id: string) {
  return api.call('reviews.adminShow', { params: { id } });
}

// ── The home page's hero (docs/decisions/147-owner-picks-the-home-hero.md) ──

export async function getHomeHero(signal?: AbortSignal) {
  return (await api.call('homeHero.get', { signal })).hero;
}

export function saveHomeHero(choice: HomeHeroChoice) {
  return api.call('homeHero.save', { body: choice });
}

export function uploadHeroBanner(file: File, alt: string) {
  const form = new FormData();
  form.append('alt', alt);
  form.append('image', file, file.name);
  return api.call('homeHero.uploadBanner', { body: form });
}

/**
 * Products to pick for the hero: the shop's own search (GET /api/products?q=), one short page, so
 * picking works the same with 100,000 products.
 */
export async function searchHeroProducts(q: string, signal?: AbortSignal) {
  return (await api.call('catalog.query', { query: { q, limit: 8 }, signal })).products;
}
