import {
  adminCouponListResponseSchema,
  adminCouponResponseSchema,
  adminMessageResponseSchema,
  adminOrderListResponseSchema,
  adminOrderResponseSchema,
  adminOverviewResponseSchema,
  adminProductListResponseSchema,
  adminProductResponseSchema,
  adminVideoListResponseSchema,
  adminVideoResponseSchema,
  type AdminCouponCreate,
  type AdminCouponUpdate,
  type AdminProductFields,
  type AdminProductUpdate,
} from '@vastra/shared/schemas/admin';
import type { OrderStatus } from '@vastra/shared/schemas/order';
import { api } from '@/lib/api-client';

/**
 * The shop owner's calls (/api/admin), one function each. The whole admin area is
 * one lazy chunk, so the shared zod contracts check every answer here and come with that chunk,
 * never into a shopper's page (docs/decisions/085).
 */
const products = () => import('@vastra/shared/schemas/product');

export function getOverview(signal?: AbortSignal) {
  return api.get('/api/admin/overview', {
    signal,
    schema: adminOverviewResponseSchema,
  });
}

// ── Products ──

export interface ProductListFilters {
  search: string;
  deleted: 'exclude' | 'only';
  page: number;
}

export function getAdminProducts(
  filters: ProductListFilters,
  pageSize: number,
  signal?: AbortSignal,
) {
  const query = new URLSearchParams({
    page: String(filters.page),
    pageSize: String(pageSize),
    deleted: filters.deleted,
  });
  if (filters.search.trim()) query.set('search', filters.search.trim());
  return api.get(`/api/admin/products?${query.toString()}`, {
    signal,
    schema: adminProductListResponseSchema,
  });
}

/** The storefront's own product call: the admin list has no single-product route. */
export function getProduct(id: string, signal?: AbortSignal) {
  return api.get(`/api/product/${encodeURIComponent(id)}`, {
    signal,
    schema: () => products().then((m) => m.productResponseSchema),
  });
}

/** Multipart: the fields, each size as its own `sizes` field, and 1–4 files named `images`. */
export function createProduct(fields: AdminProductFields, images: readonly File[]) {
  const form = new FormData();
  form.append('name', fields.name);
  form.append('description', fields.description);
  form.append('price', String(fields.price));
  form.append('category', fields.category);
  form.append('subCategory', fields.subCategory);
  for (const size of fields.sizes) form.append('sizes', size);
  for (const image of images) form.append('images', image, image.name);
  return api.post('/api/admin/products', form, {
    schema: adminProductResponseSchema,
  });
}

export function updateProduct(id: string, change: AdminProductUpdate) {
  return api.request(`/api/admin/products/${id}`, {
    method: 'PATCH',
    body: change,
    schema: adminProductResponseSchema,
  });
}

export function addProductImages(id: string, images: readonly File[]) {
  const form = new FormData();
  for (const image of images) form.append('images', image, image.name);
  return api.post(`/api/admin/products/${id}/images`, form, {
    schema: adminProductResponseSchema,
  });
}

export function deleteProduct(id: string) {
  return api.request(`/api/admin/products/${id}`, {
    method: 'DELETE',
    schema: adminMessageResponseSchema,
  });
}

// ── Orders ──

/** `path` from orders/order-filters.ts (ordersApiPath). */
export function getAdminOrders(path: string, signal?: AbortSignal) {
  return api.get(path, {
    signal,
    schema: adminOrderListResponseSchema,
  });
}

export function changeOrderStatus(id: string, status: OrderStatus) {
  return api.post(
    `/api/admin/orders/${id}/status`,
    { status },
    {
      schema: adminOrderResponseSchema,
    },
  );
}

export function markOrderPaid(id: string) {
  return api.post(`/api/admin/orders/${id}/paid`, undefined, {
    schema: adminOrderResponseSchema,
  });
}

// ── Coupons ──

export function getCoupons(signal?: AbortSignal) {
  return api.get('/api/admin/coupons', {
    signal,
    schema: adminCouponListResponseSchema,
  });
}

export function createCoupon(coupon: AdminCouponCreate) {
  return api.post('/api/admin/coupons', coupon, {
    schema: adminCouponResponseSchema,
  });
}

export function updateCoupon(id: string, change: AdminCouponUpdate) {
  return api.request(`/api/admin/coupons/${id}`, {
    method: 'PATCH',
    body: change,
    schema: adminCouponResponseSchema,
  });
}

// ── Videos ──

export function getAdminVideos(signal?: AbortSignal) {
  return api.get('/api/admin/videos', {
    signal,
    schema: adminVideoListResponseSchema,
  });
}

export function addVideoUrl(videoUrl: string, title: string) {
  return api.post(
    '/api/admin/videos',
    { videoUrl, title },
    {
      schema: adminVideoResponseSchema,
    },
  );
}

export function uploadVideo(file: File, title: string) {
  const form = new FormData();
  form.append('title', title);
  form.append('video', file, file.name);
  return api.post('/api/admin/videos/upload', form, {
    schema: adminVideoResponseSchema,
  });
}

export function reorderVideos(ids: string[]) {
  return api.request('/api/admin/videos/order', {
    method: 'PUT',
    body: { ids },
    schema: adminVideoListResponseSchema,
  });
}

export function removeVideo(id: string) {
  return api.request(`/api/admin/videos/${id}`, {
    method: 'DELETE',
    schema: adminMessageResponseSchema,
  });
}
