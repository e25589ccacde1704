import { LIMITS } from '@vastra/shared/constants';
import { CART_MESSAGES, type CartData } from '@vastra/shared/schemas/cart';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { LOGIN_REQUIRED_MESSAGE } from '../../plugins/auth';
import {
  countLiveLines,
  deleteLine,
  deleteLines,
  findActiveCartProduct,
  incrementLine,
  lineQuantity,
  lockUserCart,
  readCartLines,
  setLine,
  type CartProduct,
} from './cart.repository';

export interface CartView {
  cartData: CartData;
  /** Products taken out of the cart by this read because the shop no longer sells them (as chosen). */
  removed: string[];
}

export type CartService = ReturnType<typeof createCartService>;

/** The notice shown when lines disappeared: 'No longer available … : Linen Shirt, Chinos'. */
export function unavailableNotice(names: readonly string[]): string {
  return `${CART_MESSAGES.unavailablePrefix}${names.join(', ')}`;
}

/**
 * The server-kept cart. Every change runs in a transaction holding the user's cart lock,
 * so the line cap cannot be raced; the increment itself is one atomic upsert.
 */
export function createCartService(deps: { db: Database }) {
  const { db } = deps;

  async function productWithSize(
    tx: Database,
    productId: string,
    size: string,
  ): Promise<CartProduct> {
    const product = await findActiveCartProduct(tx, productId);
    if (!product) throw new AppError('invalid_data', CART_MESSAGES.productNotFound);
    if (!product.sizes.includes(size)) {
      throw new AppError('invalid_data', CART_MESSAGES.sizeNotAvailable);
    }
    return product;
  }

  async function lockOrRefuse(tx: Database, userId: string): Promise<void> {
    // The account was deleted after the token was checked: as if logged out.
    if (!(await lockUserCart(tx, userId))) {
      throw new AppError('unauthorized', LOGIN_REQUIRED_MESSAGE);
    }
  }

  async function refuseNewLineWhenFull(tx: Database, userId: string): Promise<void> {
    if ((await countLiveLines(tx, userId)) >= LIMITS.cartLinesMax) {
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
      const cartData: CartData = {};
      const gone: { productId: string; size: string }[] = [];
      const removed = new Set<string>();
      for (const line of lines) {
        if (line.productDeleted || !line.productSizes.includes(line.size)) {
          gone.push(line);
          removed.add(line.productName);
          continue;
        }
        (cartData[line.productId] ??= {})[line.size] = line.quantity;
      }
      if (gone.length > 0) await deleteLines(db, userId, gone);
      return { cartData, removed: [...removed] };
    },

    /** One more of a line; refused past the per-line limit and past the line cap. */
    async add(userId: string, productId: string, size: string): Promise<number> {
      return db.transaction(async (tx) => {
        await lockOrRefuse(tx, userId);
        await productWithSize(tx, productId, size);
        const current = await lineQuantity(tx, userId, productId, size);
        if (current === undefined) await refuseNewLineWhenFull(tx, userId);
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
        return setLine(tx, userId, productId, size, quantity);
      });
    },
  };
}
