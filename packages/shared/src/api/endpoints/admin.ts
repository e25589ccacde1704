import {
  adminCouponCreateSchema,
  adminCouponListResponseSchema,
  adminCouponResponseSchema,
  adminCouponUpdateSchema,
  adminIdParamsSchema,
  adminMessageResponseSchema,
  adminOrderListQuerySchema,
  adminOrderListResponseSchema,
  adminOrderResponseSchema,
  adminOverviewResponseSchema,
  adminProductCreateSchema,
  adminProductGetResponseSchema,
  adminProductListQuerySchema,
  adminProductListResponseSchema,
  adminProductResponseSchema,
  adminProductUpdateSchema,
  adminVideoListResponseSchema,
  adminVideoOrderRequestSchema,
  adminVideoResponseSchema,
  adminVideoUpdateSchema,
  adminVideoUploadFieldsSchema,
  adminVideoUrlRequestSchema,
  paginationQuerySchema,
} from '../../schemas/admin';
import { adminOrderDetailResponseSchema, adminStatusChangeSchema } from '../../schemas/order-life';
import {
  lowStockQuerySchema,
  lowStockResponseSchema,
  stockMovementsResponseSchema,
} from '../../schemas/stock';
import { documentIdParamsSchema, taxDocumentPdfSchema } from '../../schemas/tax-documents';
import { ADMIN_SESSION, endpointGroup, refusals } from '../endpoint';
import { lateRoutes } from '../late-routes';

/**
 * Every owner's call may refuse with these: bad input (the message names the field), no session,
 * not an admin, an unknown id, a conflict with the record's present state (decisions 080–083).
 */
const refused = refusals(400, 401, 403, 404, 409);
const security = ADMIN_SESSION;
const MULTIPART = ['multipart/form-data'] as const;
const PICTURES =
  'JPEG, PNG or WebP (recognised from the bytes), at most 5 MB each and 4 per product, stored as WebP 800 px (`image[]`) and 400 px (`-w400.webp`); a refused upload stores nothing (decision 081).';

/** The shop owner's API, all under /api/admin (docs/product.md, decisions 080–083). */
export const admin = endpointGroup({
  overview: {
    ...lateRoutes.admin.overview,
    schema: {
      summary: 'Orders and revenue today and this week (Asia/Kolkata), orders waiting for packing',
      description:
        'Orders count when cash on delivery or paid; revenue is paid orders less cancelled ones; `basis` says so in words.',
      tags: ['Admin: overview'],
      security,
      response: { 200: adminOverviewResponseSchema, ...refused },
    },
  },
  productList: {
    ...lateRoutes.admin.productList,
    schema: {
      summary:
        'Products with their stock, newest first or lowest stock first, with search, low stock and deleted ones on request',
      tags: ['Admin: products'],
      security,
      querystring: adminProductListQuerySchema,
      response: { 200: adminProductListResponseSchema, ...refused },
    },
  },
  productCreate: {
    ...lateRoutes.admin.productCreate,
    schema: {
      summary: 'Add a product with 1–4 pictures (multipart/form-data)',
      description: `Fields as below; \`sizes\` may repeat, or be \`["S","M"]\` or \`S, M\`; \`stock\` is JSON text such as \`{"S":5,"M":12}\` (sizes left out start at 0); \`mrp\` blank or left out for none, never below \`price\`; \`hsn\` left out takes the category's; 1–4 files named \`images\`. ${PICTURES}`,
      tags: ['Admin: products'],
      security,
      consumes: MULTIPART,
      response: { 200: adminProductResponseSchema, ...refused },
    },
    multipart: { fields: adminProductCreateSchema, files: { images: '1–4 pictures' } },
  },
  productGet: {
    ...lateRoutes.admin.productGet,
    schema: {
      summary: 'One product with its stock per size (deleted ones too)',
      tags: ['Admin: products'],
      security,
      params: adminIdParamsSchema,
      response: { 200: adminProductGetResponseSchema, ...refused },
    },
  },
  productUpdate: {
    ...lateRoutes.admin.productUpdate,
    schema: {
      summary: 'Change a product; `images` keeps, removes or reorders its own pictures',
      description:
        'At least one field. `stock` sets units on hand per size (sizes left out keep theirs); below what unpaid orders hold is 409. `mrp: null` clears the MRP; a price above the MRP (sent or stored) is 400. A deleted product is 404.',
      tags: ['Admin: products'],
      security,
      params: adminIdParamsSchema,
      body: adminProductUpdateSchema,
      response: { 200: adminProductResponseSchema, ...refused },
    },
  },
  productAddImages: {
    ...lateRoutes.admin.productAddImages,
    schema: {
      summary: 'Add pictures to a product while it stays within 4 (multipart/form-data)',
      description: `1–4 files named \`images\`. ${PICTURES}`,
      tags: ['Admin: products'],
      security,
      consumes: MULTIPART,
      params: adminIdParamsSchema,
      response: { 200: adminProductResponseSchema, ...refused },
    },
    multipart: { files: { images: '1–4 pictures' } },
  },
  productDelete: {
    ...lateRoutes.admin.productDelete,
    schema: {
      summary: 'Soft-delete a product',
      description:
        'It leaves the list, its page (404), best sellers and carts; orders keep their snapshot. Already deleted: 404.',
      tags: ['Admin: products'],
      security,
      params: adminIdParamsSchema,
      response: { 200: adminMessageResponseSchema, ...refused },
    },
  },
  stockMovements: {
    ...lateRoutes.admin.stockMovements,
    schema: {
      summary: 'A product’s stock ledger, newest first',
      description:
        'Every change of on hand or held units with its reason (seed, admin, order_held, order_sold, hold_released, product_deleted, order_cancelled, exchange_held, exchange_sent, exchange_released, return_restocked), order and actor (decision 110).',
      tags: ['Admin: products'],
      security,
      params: adminIdParamsSchema,
      querystring: paginationQuerySchema,
      response: { 200: stockMovementsResponseSchema, ...refused },
    },
  },
  stockLow: {
    ...lateRoutes.admin.stockLow,
    schema: {
      summary: 'Sizes with at most `threshold` units available (default 5), fewest first',
      description: 'Products on sale only; sorted by available units, then name (decision 110).',
      tags: ['Admin: products'],
      security,
      querystring: lowStockQuerySchema,
      response: { 200: lowStockResponseSchema, ...refused },
    },
  },
  orderList: {
    ...lateRoutes.admin.orderList,
    schema: {
      summary: 'Orders, newest first, filtered by status, payment and method',
      tags: ['Admin: orders'],
      security,
      querystring: adminOrderListQuerySchema,
      response: { 200: adminOrderListResponseSchema, ...refused },
    },
  },
  orderGet: {
    ...lateRoutes.admin.orderGet,
    schema: {
      summary: 'One order with its customer, full history (who did what), refunds and returns',
      description:
        'The shopper’s order detail plus `user`, `nextStatuses`, `canMarkPaid`, `holdState`, and `actorLabel` on each event (docs/decisions/118-order-life.md).',
      tags: ['Admin: orders'],
      security,
      params: adminIdParamsSchema,
      response: { 200: adminOrderDetailResponseSchema, ...refused },
    },
  },
  orderStatus: {
    ...lateRoutes.admin.orderStatus,
    schema: {
      summary: 'Move an order one allowed step; the shopper gets an e-mail',
      description:
        'Steps: Order Placed → Packing → Shipped (courier and trackingNumber required: 400 without) → Out for delivery → Delivered; Cancelled only from Order Placed or Packing (units and coupon go back; a paid online order is refunded in full); an unpaid online order cannot be packed. A step not allowed now is 409 naming the allowed ones (docs/decisions/118-order-life.md).',
      tags: ['Admin: orders'],
      security,
      params: adminIdParamsSchema,
      body: adminStatusChangeSchema,
      response: { 200: adminOrderResponseSchema, ...refused },
    },
  },
  orderPaid: {
    ...lateRoutes.admin.orderPaid,
    schema: {
      summary: 'Record the cash of a cash-on-delivery order (no body)',
      description:
        'Once, at Out for delivery or Delivered. Not cash on delivery: 400; already paid or too early: 409 (decision 082).',
      tags: ['Admin: orders'],
      security,
      params: adminIdParamsSchema,
      response: { 200: adminOrderResponseSchema, ...refused },
    },
  },
  document: {
    ...lateRoutes.admin.document,
    schema: {
      summary: 'Any tax invoice or credit note, as a PDF',
      description:
        'The `pdfUrl` of a document in an order’s `documents` (docs/decisions/124-tax-invoices-api.md).',
      tags: ['Admin: orders'],
      security,
      produces: ['application/pdf'],
      params: documentIdParamsSchema,
      response: { 200: taxDocumentPdfSchema, ...refusals(400, 401, 403, 404) },
    },
  },
  couponList: {
    ...lateRoutes.admin.couponList,
    schema: {
      summary: 'Every coupon, hidden and inactive ones too, with use counts, oldest first',
      tags: ['Admin: coupons'],
      security,
      response: { 200: adminCouponListResponseSchema, ...refused },
    },
  },
  couponCreate: {
    ...lateRoutes.admin.couponCreate,
    schema: {
      summary: 'Create a coupon (a duplicate code is 409)',
      tags: ['Admin: coupons'],
      security,
      body: adminCouponCreateSchema,
      response: { 200: adminCouponResponseSchema, ...refused },
    },
  },
  couponUpdate: {
    ...lateRoutes.admin.couponUpdate,
    schema: {
      summary: 'Change a coupon’s limits and flags; `{ "active": false }` deactivates it',
      description:
        'The code and kind never change; checkout applies the change from its next check.',
      tags: ['Admin: coupons'],
      security,
      params: adminIdParamsSchema,
      body: adminCouponUpdateSchema,
      response: { 200: adminCouponResponseSchema, ...refused },
    },
  },
  videoList: {
    ...lateRoutes.admin.videoList,
    schema: {
      summary: 'The carousel’s clips in order',
      tags: ['Admin: videos'],
      security,
      response: { 200: adminVideoListResponseSchema, ...refused },
    },
  },
  videoAddUrl: {
    ...lateRoutes.admin.videoAddUrl,
    schema: {
      summary: 'Add a clip by its http(s) address, last',
      description:
        'The storefront’s Content-Security-Policy plays only this server’s clips; a clip elsewhere needs its host added there (decisions 030, 083).',
      tags: ['Admin: videos'],
      security,
      body: adminVideoUrlRequestSchema,
      response: { 200: adminVideoResponseSchema, ...refused },
    },
  },
  videoUpload: {
    ...lateRoutes.admin.videoUpload,
    schema: {
      summary: 'Upload a clip, last (multipart/form-data)',
      description:
        'One file named `video`, MP4 or WebM (recognised from the bytes), at most 50 MB, and an optional `title`. Refused uploads store nothing.',
      tags: ['Admin: videos'],
      security,
      consumes: MULTIPART,
      response: { 200: adminVideoResponseSchema, ...refused },
    },
    multipart: { fields: adminVideoUploadFieldsSchema, files: { video: 'one MP4 or WebM clip' } },
  },
  videoOrder: {
    ...lateRoutes.admin.videoOrder,
    schema: {
      summary: 'Reorder the clips: every id exactly once, in the new order',
      tags: ['Admin: videos'],
      security,
      body: adminVideoOrderRequestSchema,
      response: { 200: adminVideoListResponseSchema, ...refused },
    },
  },
  videoUpdate: {
    ...lateRoutes.admin.videoUpdate,
    schema: {
      summary: 'Rename a clip',
      tags: ['Admin: videos'],
      security,
      params: adminIdParamsSchema,
      body: adminVideoUpdateSchema,
      response: { 200: adminVideoResponseSchema, ...refused },
    },
  },
  videoDelete: {
    ...lateRoutes.admin.videoDelete,
    schema: {
      summary: 'Remove a clip (and its uploaded file when no other clip uses it)',
      tags: ['Admin: videos'],
      security,
      params: adminIdParamsSchema,
      response: { 200: adminMessageResponseSchema, ...refused },
    },
  },
});
