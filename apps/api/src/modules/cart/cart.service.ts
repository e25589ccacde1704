import { LIMITS } from '@vastra/shared/constants';
import { CART_MESSAGES, type CartData } from '@vastra/shared/schemas/cart';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { LOGIN_REQUIRED_MESSAGE } from '../../plugins/auth';
import type { ProductRow } from '../../db/schema/products';
import { lockAccount } from '../auth/auth.service';
import { productsById } from '../catalog/catalog.service';
import { unitsAvailable } from '../stock/stock.service';
import { notEnoughMessage } from '@vastra/shared/stock-text';
import { planSizeChange, sizeChangeMessage } from '@vastra/shared/cart/size-change';
import {
  deleteLine,
  deleteLines,
  incrementLine,
  lineQuantity,
  readCartLines,
  setLine,
  takeFromLine,
} from './cart.repository';

interface CartView {
  cartData: CartData;
  /** Products taken out of the cart by this read because the shop no longer sells them (as chosen). */
  removed: string[];
  /** Units of the cart's lines the shopper's own open online order holds (empty when none). */
  held: CartData;
}

/**
 * Units the shopper's own open online order holds, by product and size (empty when none): the
 * orders module reads them; passed in, since the orders module uses this one (decision 101).
 */
export type HeldByShopper = (db: Database, userId: string) => Promise<CartData>;

export type CartService = ReturnType<typeof createCartService>;

/** The notice shown when lines disappeared: 'No longer available … : Linen Shirt, Chinos'. */
export function unavailableNotice(names: readonly string[]): string {
  return `${CART_MESSAGES.unavailablePrefix}${names.join(', ')}`;
}

/** A cart line priced from the products table: what an order would snapshot. */
export interface PricedCartLine {
  productId: string;
  name: string;
  image: string | null;
  size: string;
  quantity: number;
  /** The product's price now, whole rupees. */
  unitPrice: number;
}

/** Whether the shop still sells this product in this size. */
function sellable(product: ProductRow, size: string): boolean {
  return product.deletedAt === null && product.sizes.includes(size);
}

/**
 * Serialises every cart change of one user until the transaction `tx` ends: the 20-line cap is a
 * count-then-insert, which two requests would otherwise both pass. It locks the account's row
 * (not a table), so other shoppers never wait; checkout takes the same lock. False when the
 * account no longer exists.
 */
export function lockCart(tx: Database, userId: string): Promise<boolean> {
  return lockAccount(tx, userId);
}

/**
 * Takes out of the shopper's cart what an order bought, in the transaction that places or pays
 * it (docs/decisions/118-order-life.md): each bought line loses the units the order bought, so a
 * line added, or units added, after checkout stay for the next order.
 */
export async function removeBoughtLines(
  tx: Database,
  userId: string,
  lines: readonly { productId: string; size: string; quantity: number }[],
): Promise<void> {
  for (const line of lines) await takeFromLine(tx, userId, line);
}

/**
 * The shopper's cart priced from the products table (inside the order's transaction when `db` is
 * one). Lines whose product left the shop, or no longer comes in that size, are left out: the cart
 * page removes them too (`get` below).
 */
export async function pricedCartLines(db: Database, userId: string): Promise<PricedCartLine[]> {
  const lines = await readCartLines(db, userId);
  const products = await productsById(
    db,
    lines.map((line) => line.productId),
  );
  const priced: PricedCartLine[] = [];
  for (const line of lines) {
    const product = products.get(line.productId);
    if (!product || !sellable(product, line.size)) continue;
    priced.push({
      productId: line.productId,
      name: product.name,
      image: product.images[0] ?? null,
      size: line.size,
      quantity: line.quantity,
      unitPrice: product.price,
    });
  }
  return priced;
}

/**
 * The server-kept cart. Every change runs in a transaction holding the user's cart lock,
 * so the line cap cannot be raced; the increment itself is one atomic upsert.
 */
export function createCartService(deps: { db: Database; heldByShopper: HeldByShopper }) {
  const { db, heldByShopper } = deps;

  async function productWithSize(
    tx: Database,
    productId: string,
    size: string,
  ): Promise<ProductRow> {
    const product = (await productsById(tx, [productId])).get(productId);
    if (!product || product.deletedAt !== null)
      throw new AppError('invalid_data', CART_MESSAGES.productNotFound);
    if (!product.sizes.includes(size)) {
      throw new AppError('invalid_data', CART_MESSAGES.sizeNotAvailable);
    }
    return product;
  }

  /**
   * A line may hold at most what is available now plus what the shopper's own open order holds
   * of it (docs/decisions/110): more is refused (409) with the size and the units left, and the
   * line keeps what it had. Fewer is always allowed.
   */
  /** Units of a size this shopper may have: what is available now plus what their own open order holds. */
  async function unitsLeftFor(
    tx: Database,
    userId: string,
    productId: string,
    size: string,
  ): Promise<number> {
    const own = (await heldByShopper(tx, userId))[productId]?.[size] ?? 0;
    return (await unitsAvailable(tx, productId, size)) + own;
  }

  async function refuseBeyondStock(
    tx: Database,
    userId: string,
    line: { productId: string; size: string },
    wanted: number,
    current: number,
  ): Promise<void> {
    if (wanted <= current) return;
    const { productId, size } = line;
    const left = await unitsLeftFor(tx, userId, productId, size);
    if (wanted > left) throw new AppError('conflict', notEnoughMessage(size, left));
  }

  async function lockOrRefuse(tx: Database, userId: string): Promise<void> {
    // The account was deleted after the token was checked: as if logged out.
    if (!(await lockCart(tx, userId))) {
      throw new AppError('unauthorized', LOGIN_REQUIRED_MESSAGE);
    }
  }

  async function refuseNewLineWhenFull(tx: Database, userId: string): Promise<void> {
    // Lines count toward the cap while their product is still in the shop.
    const lines = await readCartLines(tx, userId);
    const products = await productsById(
      tx,
      lines.map((line) => line.productId),
    );
    const live = lines.filter((line) => products.get(line.productId)?.deletedAt === null);
    if (live.length >= LIMITS.cartLinesMax) {
      throw new AppError('invalid_data', CART_MESSAGES.tooManyLines);
    }
  }

  return {
    /**
     * The cart map. Lines whose product left the catalogue, or no longer comes in that size, are
     * deleted here and named, so the page shows a notice instead of a line it cannot price.
     */
    async get(userId: string): Promise<CartView> {
      const lines = await readCartLines(db, userId);
      const products = await productsById(
        db,
        lines.map((line) => line.productId),
      );
      const cartData: CartData = {};
      const gone: { productId: string; size: string }[] = [];
      const removed = new Set<string>();
      for (const line of lines) {
        const product = products.get(line.productId);
        // A line's product row always exists: the foreign key cascades deletes.
        if (!product || !sellable(product, line.size)) {
          gone.push(line);
          if (product) removed.add(product.name);
          continue;
        }
        (cartData[line.productId] ??= {})[line.size] = line.quantity;
      }
      if (gone.length > 0) await deleteLines(db, userId, gone);
      // Only what the cart still has: the open order may be for an older version of it.
      const held: CartData = {};
      for (const [productId, sizes] of Object.entries(await heldByShopper(db, userId)))
        for (const [size, units] of Object.entries(sizes))
          if (cartData[productId]?.[size] !== undefined) (held[productId] ??= {})[size] = units;
      return { cartData, removed: [...removed], held };
    },

    /** One more of a line; refused past the per-line limit and past the line cap. */
    async add(userId: string, productId: string, size: string): Promise<number> {
      return db.transaction(async (tx) => {
        await lockOrRefuse(tx, userId);
        await productWithSize(tx, productId, size);
        const current = await lineQuantity(tx, userId, productId, size);
        if (current === undefined) await refuseNewLineWhenFull(tx, userId);
        await refuseBeyondStock(tx, userId, { productId, size }, (current ?? 0) + 1, current ?? 0);
        const quantity = await incrementLine(tx, userId, productId, size);
        if (quantity === undefined) throw new AppError('invalid_data', CART_MESSAGES.lineFull);
        return quantity;
      });
    },

    /** Sets a line's quantity; 0 removes it (even when the product has since left the shop). */
    async update(
      userId: string,
      productId: string,
      size: string,
      quantity: number,
    ): Promise<number> {
      return db.transaction(async (tx) => {
        await lockOrRefuse(tx, userId);
        if (quantity === 0) {
          if (await deleteLine(tx, userId, productId, size)) return 0;
          // Nothing to remove: still tell a mistyped id or size apart from a no-op.
          await productWithSize(tx, productId, size);
          return 0;
        }
        await productWithSize(tx, productId, size);
        const current = await lineQuantity(tx, userId, productId, size);
        if (current === undefined) await refuseNewLineWhenFull(tx, userId);
        await refuseBeyondStock(tx, userId, { productId, size }, quantity, current ?? 0);
        return setLine(tx, userId, productId, size, quantity);
      });
    },

    /**
     * Moves a line's units to another size of the product in one transaction, merging with a line
     * already in that size, as far as the per-line limit and the new size's stock allow; the rest
     * stays in the old size (docs/decisions/144-cart-edits.md). Nothing moves: refused as add
     * would be (400 at the line limit, 409 short of stock), nothing written. Repeating a move
     * that went through finds no old line and changes nothing.
     */
    async resize(
      userId: string,
      productId: string,
      sizes: { from: string; to: string },
    ): Promise<{ quantity: number; fromQuantity: number; message: string }> {
      const { from, to } = sizes;
      return db.transaction(async (tx) => {
        await lockOrRefuse(tx, userId);
        const product = await productWithSize(tx, productId, to);
        const fromQuantity = await lineQuantity(tx, userId, productId, from);
        const toQuantity = (await lineQuantity(tx, userId, productId, to)) ?? 0;
        if (fromQuantity === undefined) {
          // Already moved (a repeat) or removed meanwhile: nothing to do, but a size the product
          // never had is still a mistake to name.
          if (!product.sizes.includes(from))
            throw new AppError('invalid_data', CART_MESSAGES.sizeNotAvailable);
          return { quantity: toQuantity, fromQuantity: 0, message: CART_MESSAGES.updated };
        }
        const toLeft = await unitsLeftFor(tx, userId, productId, to);
        const plan = planSizeChange({ fromQuantity, toQuantity, toLeft });
        const message = sizeChangeMessage(plan, sizes, toLeft);
        if (plan.moved === 0)
          throw new AppError(plan.limit === 'stock' ? 'conflict' : 'invalid_data', message);
        // Part stays behind in a new line of its own: one more line, within the cap.
        if (toQuantity === 0 && plan.from > 0) await refuseNewLineWhenFull(tx, userId);
        if (plan.from === 0) await deleteLine(tx, userId, productId, from);
        else await setLine(tx, userId, productId, from, plan.from);
        const quantity = await setLine(tx, userId, productId, to, plan.to);
        return { quantity, fromQuantity: plan.from, message };
      });
    },
  };
}
