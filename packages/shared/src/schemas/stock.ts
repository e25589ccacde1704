import { z } from 'zod';
import { STOCK_LIMITS, STOCK_MESSAGES } from '../stock-text';
import { text } from './common';

/**
 * Stock per size and the holds of unpaid orders (docs/decisions/110-stock-and-holds.md). The
 * numbers and words live in the zod-free `stock-text.ts` (the home chunk shows them); the schemas
 * of the stock calls are here.
 */
export { SOLD_OUT, STOCK_LIMITS, STOCK_MESSAGES, notEnoughMessage, stockNote } from '../stock-text';

/**
 * A shopper's view of a product's stock: size → units that can be bought now, capped at
 * STOCK_LIMITS.shownCap; every size of the product has an entry; 0 is sold out.
 */
export const productStockSchema = z.record(z.string(), z.number().int().min(0));
export type ProductStock = z.infer<typeof productStockSchema>;

/** Units on hand of one size as the owner sends them: a whole number from 0 to 100000. */
export const onHandSchema = z
  .number({ error: STOCK_MESSAGES.onHand })
  .int(STOCK_MESSAGES.onHand)
  .min(0, STOCK_MESSAGES.onHand)
  .max(STOCK_LIMITS.onHandMax, STOCK_MESSAGES.onHand);

/** A JSON text (a multipart form field) is read as the map it spells; anything else is left as is. */
function fromJsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/**
 * The owner's stock input: size → units on hand. Sizes left out keep their stock (edit) or start
 * at 0 (create). The API refuses a size the product does not have (STOCK_MESSAGES.unknownSize).
 */
export const stockInputSchema = z.preprocess(
  fromJsonText,
  z.record(
    text({ error: 'stock sizes must be text' }).max(
      10,
      'stock sizes must be sizes such as M or 32',
    ),
    onHandSchema,
    { error: 'stock must map each size to its units on hand, as {"M": 12}' },
  ),
);
export type StockInput = z.infer<typeof stockInputSchema>;

/** One size as the owner sees it: on hand, held by unpaid orders, available (on hand − held). */
export const adminSizeStockSchema = z.object({
  onHand: z.number().int(),
  held: z.number().int(),
  available: z.number().int(),
});
export type AdminSizeStock = z.infer<typeof adminSizeStockSchema>;

/** Where an order's stock (and coupon) hold stands: held while unpaid, then taken or released. */
export const HOLD_STATES = ['held', 'taken', 'released'] as const;
export type HoldState = (typeof HOLD_STATES)[number];

/** Why a stock movement happened (the ledger's `reason`). */
export const STOCK_MOVEMENT_REASONS = [
  'seed',
  'admin',
  'order_held',
  'order_sold',
  'hold_released',
  'product_deleted',
  'order_cancelled',
  // Returns and size exchanges (docs/decisions/118-order-life.md): the new size held for an
  // approved-to-be exchange, sent with the exchange leg, or released when it is rejected; the
  // returned units back on hand once received.
  'exchange_held',
  'exchange_sent',
  'exchange_released',
  'return_restocked',
] as const;
export type StockMovementReason = (typeof STOCK_MOVEMENT_REASONS)[number];

const thresholdMessage = `threshold must be a whole number from 0 to ${STOCK_LIMITS.onHandMax}`;

/** A low-stock threshold in a query string: a whole number from 0 to 100000. */
export const stockThresholdSchema = z.coerce
  .number({ error: thresholdMessage })
  .int(thresholdMessage)
  .min(0, thresholdMessage)
  .max(STOCK_LIMITS.onHandMax, thresholdMessage);

/** `GET /api/admin/stock/low?threshold=N`. */
export const lowStockQuerySchema = z.object({
  threshold: stockThresholdSchema.default(STOCK_LIMITS.lowStockDefault),
});

export const lowStockRowSchema = z.object({
  productId: z.string(),
  name: z.string(),
  /** The product's first picture (800 px WebP), or null when it has none. */
  image: z.string().nullable(),
  size: z.string(),
  onHand: z.number().int(),
  held: z.number().int(),
  available: z.number().int(),
});
export type LowStockRow = z.infer<typeof lowStockRowSchema>;

export const lowStockResponseSchema = z.object({
  success: z.literal(true),
  rows: z.array(lowStockRowSchema),
});

export const stockMovementSchema = z.object({
  _id: z.string(),
  /** Milliseconds since the epoch. */
  at: z.number().int(),
  size: z.string(),
  onHandChange: z.number().int(),
  heldChange: z.number().int(),
  reason: z.enum(STOCK_MOVEMENT_REASONS),
  orderId: z.string().nullable(),
  /** The admin's e-mail, or 'shopper', or 'system'. */
  actor: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

export const stockMovementsResponseSchema = z.object({
  success: z.literal(true),
  movements: z.array(stockMovementSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
