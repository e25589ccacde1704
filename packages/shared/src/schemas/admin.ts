import { z } from 'zod';
import { ALL_SIZES, BRANDS, CATEGORIES, LIMITS } from '../constants';
import { PICTURE_WIDTHS } from '../pictures/picture-widths';
import { COUPON_KINDS } from '../pricing/coupons';
import { isHsnCode } from '../tax/gst-rates';
import { idSchema, text } from './common';
import { PAYMENT_STATES } from '../order-life/payment-state';
import { ORDER_STATUSES, PAYMENT_METHODS, orderSummarySchema } from './order';
import { adminSizeStockSchema, HOLD_STATES, stockInputSchema, stockThresholdSchema } from './stock';
import { videoSchema } from './video';

/**
 * The shop owner's calls under /api/admin (the endpoint table's `admin` group lists them). The
 * admin screen uses these same schemas, so a message it shows is the one the API would give.
 */

/**
 * What the shop owner may upload (docs/decisions/081). Product pictures are
 * checked from their bytes, stored as WebP in two widths; clips are checked from their magic numbers.
 * Kept here, not in constants.ts: that module is in the shoppers' first chunk.
 */
export const ADMIN_UPLOADS = {
  imageBytesMax: 5 * 1024 * 1024,
  imageFormats: ['jpeg', 'png', 'webp'],
  /** The stored widths: the first is the one in a product's `image` list, the second its small copy. */
  imageWidths: PICTURE_WIDTHS,
  videoBytesMax: 50 * 1024 * 1024,
  videoFormats: ['mp4', 'webm'],
} as const;

// ── Common ────────────────────────────────────────────────────────────────────────────────────

export const ADMIN_PAGE_SIZE = { default: 20, max: 100 } as const;

export const paginationQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(100_000, 'page is too large')
    .default(1),
  pageSize: z.coerce
    .number({ error: `pageSize must be a whole number from 1 to ${ADMIN_PAGE_SIZE.max}` })
    .int(`pageSize must be a whole number from 1 to ${ADMIN_PAGE_SIZE.max}`)
    .min(1, `pageSize must be a whole number from 1 to ${ADMIN_PAGE_SIZE.max}`)
    .max(ADMIN_PAGE_SIZE.max, `pageSize must be a whole number from 1 to ${ADMIN_PAGE_SIZE.max}`)
    .default(ADMIN_PAGE_SIZE.default),
});

const pageInfo = {
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Matching rows over all pages. */
  total: z.number().int(),
};

export const adminIdParamsSchema = z.object({ id: idSchema });

// ── Products ──────────────────────────────────────────────────────────────────────────────────

export const ADMIN_PRODUCT_MESSAGES = {
  name: `Please enter the product name (at most ${LIMITS.productNameMax} characters)`,
  description: `Please enter a description (at most ${LIMITS.productDescriptionMax} characters)`,
  price: `Price must be a whole number of rupees from 1 to ${LIMITS.productPriceMax}`,
  mrp: `MRP must be a whole number of rupees from 1 to ${LIMITS.productPriceMax}, or left empty`,
  mrpBelowPrice: 'MRP cannot be less than the price',
  hsn: 'HSN code must be 4, 6 or 8 digits',
  // The owner's words, not the codes: the form offers the choices, and the API's reference lists
  // them (docs/decisions/140-inline-form-errors.md).
  category: 'Please choose a category',
  subCategory: 'Please choose a brand',
  sizes: `Sizes must be one or more of: ${ALL_SIZES.join(', ')}, each once`,
  noImage: 'Please add at least one image',
  tooManyImages: `A product can have at most ${LIMITS.productImagesMax} images`,
  imageTooLarge: (mb: number) => `Each image must be at most ${mb} MB`,
  imageFormat: 'Images must be JPEG, PNG or WebP pictures',
  keepImages: 'images may only keep or reorder the product’s own images',
  nothingToChange: 'Nothing to change',
  notFound: 'Product not found',
  created: 'Product added',
  updated: 'Product updated',
  deleted: 'Product deleted',
  imagesAdded: 'Images added',
} as const;

const M = ADMIN_PRODUCT_MESSAGES;

/** Sizes as a browser form sends them: repeated fields, a JSON array, or "S, M, L". */
function toSizeList(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (trimmed.startsWith('[')) {
    try {
      return JSON.parse(trimmed) as unknown;
    } catch {
      return value;
    }
  }
  return trimmed.split(',').map((s) => s.trim());
}

const sizesSchema = z.preprocess(
  toSizeList,
  z
    .array(z.enum(ALL_SIZES, { error: M.sizes }), { error: M.sizes })
    .min(1, M.sizes)
    .refine((sizes) => new Set(sizes).size === sizes.length, M.sizes),
);

/**
 * The MRP (docs/decisions/126-mrp-display.md): whole rupees, or null for none. A blank form field
 * is "no MRP" (and, on an edit, clears it); other text is left for the number check to refuse.
 */
const mrpSchema = z.preprocess(
  (value) => (typeof value === 'string' ? (value.trim() === '' ? null : Number(value)) : value),
  z.number({ error: M.mrp }).int(M.mrp).min(1, M.mrp).max(LIMITS.productPriceMax, M.mrp).nullable(),
);

/**
 * An MRP below the price is refused, beside the MRP (the database's CHECK is the last guard,
 * never the answer). Only when both are given: an edit of one is checked against the stored other
 * by the service. It runs while other fields are still wrong too, so the admin form says it with
 * the rest.
 */
export const mrpNotBelowPrice = z.superRefine(
  (fields: { price?: unknown; mrp?: unknown }, ctx) => {
    const { price, mrp } = fields;
    if (typeof price === 'number' && typeof mrp === 'number' && mrp < price)
      ctx.addIssue({ code: 'custom', path: ['mrp'], message: M.mrpBelowPrice });
  },
  {
    // Not on a body that is no object at all (an issue without a field), nor on a wrong price or MRP.
    when: ({ issues }) =>
      !issues.some((issue) =>
        [undefined, 'price', 'mrp'].includes(issue.path?.[0] as string | undefined),
      ),
  },
);

/**
 * A product's own fields. Numbers may arrive as strings (multipart form fields are text); the
 * images are files in the same form (create) or their own call (add images).
 */
export const adminProductFieldsSchema = z.object({
  name: text({ error: M.name }).trim().min(1, M.name).max(LIMITS.productNameMax, M.name),
  description: text({ error: M.description })
    .trim()
    .min(1, M.description)
    .max(LIMITS.productDescriptionMax, M.description),
  price: z.coerce
    .number({ error: M.price })
    .int(M.price)
    .min(1, M.price)
    .max(LIMITS.productPriceMax, M.price),
  /** Left out or blank: no MRP, the price shows alone. */
  mrp: mrpSchema.optional(),
  category: z.enum(CATEGORIES, { error: M.category }),
  subCategory: z.enum(BRANDS, { error: M.subCategory }),
  /** Left out on create: HSN_BY_CATEGORY of the category. */
  hsn: text({ error: M.hsn }).trim().refine(isHsnCode, M.hsn).optional(),
  sizes: sizesSchema,
  /**
   * Size → units on hand (docs/decisions/110). Create: JSON text of the map, sizes left out start
   * at 0. Edit: sizes left out keep their stock; below what unpaid orders hold is a 409.
   */
  stock: stockInputSchema.optional(),
});
export type AdminProductFields = z.infer<typeof adminProductFieldsSchema>;

/** `POST /api/admin/products` (multipart): the fields, the MRP not below the price. */
export const adminProductCreateSchema = adminProductFieldsSchema.check(mrpNotBelowPrice);

/** `PATCH /api/admin/products/:id` (JSON): any of the fields; `images` keeps or reorders. */
export const adminProductUpdateSchema = adminProductFieldsSchema
  .partial()
  .extend({
    images: z
      .array(text({ error: M.keepImages }).max(500, M.keepImages), { error: M.keepImages })
      .min(1, M.noImage)
      .max(LIMITS.productImagesMax, M.tooManyImages)
      .optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), M.nothingToChange)
  .check(mrpNotBelowPrice);
export type AdminProductUpdate = z.infer<typeof adminProductUpdateSchema>;

export const adminProductListQuerySchema = paginationQuerySchema.extend({
  /** Matches name or description, case-insensitive. */
  search: text({ error: 'search must be text' }).trim().max(100, 'search is too long').optional(),
  category: z.enum(CATEGORIES, { error: M.category }).optional(),
  subCategory: z.enum(BRANDS, { error: M.subCategory }).optional(),
  /** exclude (default): the shop's products; include: deleted ones too; only: the deleted ones. */
  deleted: z
    .enum(['exclude', 'include', 'only'], { error: 'deleted must be exclude, include or only' })
    .default('exclude'),
  /** newest (default), or stock: the lowest available of any size first. */
  sort: z.enum(['newest', 'stock'], { error: 'sort must be newest or stock' }).default('newest'),
  /** Only products with some size whose available units are at most this. */
  lowStock: stockThresholdSchema.optional(),
});
export type AdminProductListQuery = z.infer<typeof adminProductListQuerySchema>;

/** A product as the admin sees it: the storefront's shape plus its deletion time. */
export const adminProductSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  /** Whole rupees, GST included; null when the owner set none. */
  mrp: z.number().int().nullable(),
  /** For the tax invoice: 4, 6 or 8 digits. */
  hsn: z.string(),
  /** The 800 px WebP of each picture; its 400 px copy is the same URL ending `-w400.webp`. */
  image: z.array(z.string()),
  category: z.string(),
  subCategory: z.string(),
  sizes: z.array(z.string()),
  date: z.number().int(),
  /** Milliseconds since the epoch; null while the shop sells it. */
  deletedAt: z.number().int().nullable(),
  /** Size → on hand, held by unpaid orders, available (not capped); every size has an entry. */
  stock: z.record(z.string(), adminSizeStockSchema),
  /** Available units over all sizes. */
  available: z.number().int(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const adminProductListResponseSchema = z.object({
  success: z.literal(true),
  products: z.array(adminProductSchema),
  ...pageInfo,
});

/** `GET /api/admin/products/:id`. */
export const adminProductGetResponseSchema = z.object({
  success: z.literal(true),
  product: adminProductSchema,
});

export const adminProductResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  product: adminProductSchema,
});

// ── Orders ────────────────────────────────────────────────────────────────────────────────────

/** Which orders the admin list shows (docs/decisions/110). */
export const ADMIN_ORDER_VIEWS = ['active', 'closed-unpaid', 'refund-due', 'all'] as const;
export type AdminOrderView = (typeof ADMIN_ORDER_VIEWS)[number];

export const adminOrderListQuerySchema = paginationQuerySchema.extend({
  status: z
    .enum(ORDER_STATUSES, { error: `status must be one of: ${ORDER_STATUSES.join(', ')}` })
    .optional(),
  payment: z.enum(['paid', 'unpaid'], { error: 'payment must be paid or unpaid' }).optional(),
  paymentMethod: z
    .enum(PAYMENT_METHODS, { error: `paymentMethod must be ${PAYMENT_METHODS.join(' or ')}` })
    .optional(),
  /** active (default): all but never-paid closed online orders; or only those; or refund due; or all. */
  view: z
    .enum(ADMIN_ORDER_VIEWS, { error: `view must be one of: ${ADMIN_ORDER_VIEWS.join(', ')}` })
    .default('active'),
});
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;

export const adminOrderSchema = orderSummarySchema.extend({
  user: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  /** When the payment was taken (online) or marked received (cash on delivery); null if unpaid. */
  paidAt: z.number().int().nullable(),
  /** The statuses the admin may move it to now (ORDER_STATUS_STEPS and the payment rule). */
  nextStatuses: z.array(z.enum(ORDER_STATUSES)),
  /** Whether "mark paid" is offered now (cash on delivery, unpaid, at or after delivery). */
  canMarkPaid: z.boolean(),
  /** The money now (docs/decisions/118-order-life.md); refund_due: money is owed back. */
  paymentState: z.enum(PAYMENT_STATES),
  /** Its stock and coupon hold: held while unpaid online, taken when paid or COD, or released. */
  holdState: z.enum(HOLD_STATES).nullable(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminOrderListResponseSchema = z.object({
  success: z.literal(true),
  orders: z.array(adminOrderSchema),
  ...pageInfo,
});

export const adminOrderResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  order: adminOrderSchema,
});

// ── Coupons ───────────────────────────────────────────────────────────────────────────────────

export const ADMIN_COUPON_MESSAGES = {
  code: 'Coupon code must be 3 to 20 letters or digits',
  kind: `Kind must be ${COUPON_KINDS.join(' or ')}`,
  percent: 'Percent must be a whole number from 1 to 100',
  percentForFreeDelivery: 'A free_delivery coupon has no percent',
  minSubtotal: 'minSubtotal must be a whole number of rupees from 0 to 1000000',
  maxEarlierOrders: 'maxEarlierOrders must be a whole number from 1, or null for no limit',
  flag: (name: string) => `${name} must be true or false`,
  duplicate: (code: string) => `A coupon with the code ${code} already exists`,
  notFound: 'Coupon not found',
  nothingToChange: 'Nothing to change',
  created: 'Coupon created',
  updated: 'Coupon updated',
} as const;

const C = ADMIN_COUPON_MESSAGES;
const flag = (name: string) => z.boolean({ error: C.flag(name) });
const percentSchema = z
  .number({ error: C.percent })
  .int(C.percent)
  .min(1, C.percent)
  .max(100, C.percent);
const minSubtotalSchema = z
  .number({ error: C.minSubtotal })
  .int(C.minSubtotal)
  .min(0, C.minSubtotal)
  .max(1_000_000, C.minSubtotal);
const maxEarlierOrdersSchema = z
  .number({ error: C.maxEarlierOrders })
  .int(C.maxEarlierOrders)
  .min(1, C.maxEarlierOrders)
  .max(1000, C.maxEarlierOrders)
  .nullable();

export const adminCouponCreateSchema = z
  .object({
    code: text({ error: C.code })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{3,20}$/, C.code),
    kind: z.enum(COUPON_KINDS, { error: C.kind }),
    /** Required for percent coupons; leave out (or 0) for free_delivery. */
    percent: z.number({ error: C.percent }).int(C.percent).optional(),
    minSubtotal: minSubtotalSchema.default(0),
    maxEarlierOrders: maxEarlierOrdersSchema.default(null),
    oncePerAccount: flag('oncePerAccount').default(false),
    hidden: flag('hidden').default(false),
    active: flag('active').default(true),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'percent' && !percentSchema.safeParse(body.percent).success)
      ctx.addIssue({ code: 'custom', path: ['percent'], message: C.percent });
    if (body.kind === 'free_delivery' && body.percent !== undefined && body.percent !== 0)
      ctx.addIssue({ code: 'custom', path: ['percent'], message: C.percentForFreeDelivery });
  })
  .transform((body) => ({ ...body, percent: body.kind === 'percent' ? (body.percent ?? 0) : 0 }));
export type AdminCouponCreate = z.infer<typeof adminCouponCreateSchema>;

/** The code and kind are fixed once created (orders name the code); the limits and flags change. */
export const adminCouponUpdateSchema = z
  .object({
    percent: percentSchema.optional(),
    minSubtotal: minSubtotalSchema.optional(),
    maxEarlierOrders: maxEarlierOrdersSchema.optional(),
    oncePerAccount: flag('oncePerAccount').optional(),
    hidden: flag('hidden').optional(),
    active: flag('active').optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), C.nothingToChange);
export type AdminCouponUpdate = z.infer<typeof adminCouponUpdateSchema>;

export const adminCouponSchema = z.object({
  _id: z.string(),
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  percent: z.number().int(),
  minSubtotal: z.number().int(),
  maxEarlierOrders: z.number().int().nullable(),
  oncePerAccount: z.boolean(),
  hidden: z.boolean(),
  active: z.boolean(),
  /** How many times it was used: paid online orders and cash-on-delivery orders with it. */
  redemptions: z.number().int(),
  /** Uses held by open unpaid online orders (given back if they fail, expire or are cancelled). */
  held: z.number().int(),
  /** The offer text shoppers read. */
  description: z.string(),
  createdAt: z.number().int(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

export const adminCouponListResponseSchema = z.object({
  success: z.literal(true),
  coupons: z.array(adminCouponSchema),
});

export const adminCouponResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  coupon: adminCouponSchema,
});

// ── Videos ────────────────────────────────────────────────────────────────────────────────────

export const ADMIN_VIDEO_MESSAGES = {
  url: 'videoUrl must be an http:// or https:// address',
  title: 'Title must be at most 200 characters',
  noFile: 'Please choose a video file',
  format: 'Videos must be MP4 or WebM files',
  tooLarge: (mb: number) => `A video must be at most ${mb} MB`,
  order: 'ids must list every video exactly once',
  notFound: 'Video not found',
  nothingToChange: 'Nothing to change',
  added: 'Video added',
  updated: 'Video updated',
  removed: 'Video removed',
  reordered: 'Videos reordered',
} as const;

const V = ADMIN_VIDEO_MESSAGES;
const videoTitleSchema = text({ error: V.title }).trim().max(200, V.title);

export const adminVideoUrlRequestSchema = z.object({
  videoUrl: text({ error: V.url })
    .trim()
    .max(2000, V.url)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
      } catch {
        return false;
      }
    }, V.url),
  title: videoTitleSchema.default(''),
});

/** The form field beside an uploaded clip. */
export const adminVideoUploadFieldsSchema = z.object({ title: videoTitleSchema.default('') });

export const adminVideoUpdateSchema = z.object({ title: videoTitleSchema });

export const adminVideoOrderRequestSchema = z.object({
  ids: z.array(idSchema, { error: V.order }).min(1, V.order).max(500, V.order),
});

export const adminVideoSchema = videoSchema.extend({
  position: z.number().int(),
  /** Stored on this server (uploaded or a demo clip) rather than an outside URL. */
  local: z.boolean(),
  createdAt: z.number().int(),
});
export type AdminVideo = z.infer<typeof adminVideoSchema>;

export const adminVideoListResponseSchema = z.object({
  success: z.literal(true),
  videos: z.array(adminVideoSchema),
});

export const adminVideoResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  video: adminVideoSchema,
});

// ── Overview ──────────────────────────────────────────────────────────────────────────────────

export const OVERVIEW_BASIS = {
  timeZone: 'Asia/Kolkata',
  weekStartsOn: 'Monday',
  orders: 'Orders placed in the period that count as placed: cash on delivery, or paid online',
  revenue:
    'Sum of the amounts of the paid orders placed in the period, cancelled ones left out (whole rupees)',
  waitingForPacking: 'Orders at Order Placed that are cash on delivery or paid',
} as const;

const periodSchema = z.object({
  /** ISO instant the period starts (midnight in Asia/Kolkata). */
  from: z.string(),
  orders: z.number().int(),
  revenue: z.number().int(),
});

export const adminOverviewResponseSchema = z.object({
  success: z.literal(true),
  overview: z.object({
    today: periodSchema,
    week: periodSchema,
    waitingForPacking: z.number().int(),
    basis: z.object({
      timeZone: z.string(),
      weekStartsOn: z.string(),
      orders: z.string(),
      revenue: z.string(),
      waitingForPacking: z.string(),
    }),
  }),
});

// ── Answers with no data ──────────────────────────────────────────────────────────────────────

export const adminMessageResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
