import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '@vastra/shared/constants';
import { CART_MESSAGES } from '@vastra/shared/schemas/cart';
import { products, type ProductRow } from '../../db/schema/products';
import { LOGIN_REQUIRED_MESSAGE } from '../../plugins/auth';
import { changedTables, tableDigests } from '../../test/db-digest';
import { useTestApp } from '../../test/use-test-app';
import { insertProducts, loggedInShopper, setStock } from '../../test/fixtures';

/**
 * `POST /api/cart/resize` (docs/decisions/144-cart-edits.md): a line moves to another size in one
 * transaction, merging with a line of that size as far as the line limit and the stock allow.
 */

const t = useTestApp();
const MAX = LIMITS.cartLineQuantityMax;

interface Answer {
  status: number;
  body: { success: boolean; message?: string; quantity?: number; fromQuantity?: number };
}

async function post(path: string, payload: unknown, token?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/cart/${path}`,
    payload: payload as Record<string, unknown>,
    headers: token ? { token } : {},
  });
  return { status: res.statusCode, body: res.json() as Answer['body'] & Record<string, unknown> };
}

const resize = (body: unknown, token?: string): Promise<Answer> => post('resize', body, token);

async function cartOf(token: string): Promise<unknown> {
  return (await post('get', {}, token)).body.cartData;
}

async function setLine(token: string, itemId: string, size: string, quantity: number) {
  const answer = await post('update', { itemId, size, quantity }, token);
  expect(answer.status).toBe(200);
}

const shopper = () => loggedInShopper(t.app, t.db, 'resize');

async function shirt(row: Partial<ProductRow> = {}): Promise<ProductRow> {
  const [inserted] = await insertProducts(t.db, [{ sizes: ['S', 'M', 'L'], ...row }]);
  return inserted!;
}

/** Sends a refused change and checks that nothing at all was written (docs/decisions/092). */
async function refused(body: unknown, token: string, status: number, message: string) {
  const before = await tableDigests(t.db);
  const answer = await resize(body, token);
  expect(answer).toEqual({ status, body: { success: false, message } });
  expect(changedTables(before, await tableDigests(t.db))).toEqual([]);
}

describe('moving a line to another size', () => {
  it('to a size not in the cart: the line moves whole, stock and holds untouched', async () => {
    const { token } = await shopper();
    const p = await shirt();
    await setLine(token, p.id, 'M', 3);
    const before = await tableDigests(t.db);
    const answer = await resize({ itemId: p.id, from: 'M', to: 'L' }, token);
    expect(answer).toEqual({
      status: 200,
      body: { success: true, message: 'Size changed to L', quantity: 3, fromQuantity: 0 },
    });
    expect(await cartOf(token)).toEqual({ [p.id]: { L: 3 } });
    // The cart never touches stock or its holds (docs/decisions/110).
    expect(changedTables(before, await tableDigests(t.db))).toEqual(['carts']);
  });

  it('onto a line already in that size: merged into one line', async () => {
    const { token } = await shopper();
    const p = await shirt();
    await setLine(token, p.id, 'M', 2);
    await setLine(token, p.id, 'L', 3);
    const answer = await resize({ itemId: p.id, from: 'M', to: 'L' }, token);
    expect(answer.body).toEqual({
      success: true,
      message: 'Size changed to L, merged into that line: now 5',
      quantity: 5,
      fromQuantity: 0,
    });
    expect(await cartOf(token)).toEqual({ [p.id]: { L: 5 } });
  });

  it(`merging past ${MAX}: the new size is filled to ${MAX}, the rest stays in the old size`, async () => {
    const { token } = await shopper();
    const p = await shirt();
    await setLine(token, p.id, 'M', 3);
    await setLine(token, p.id, 'L', MAX - 1);
    const answer = await resize({ itemId: p.id, from: 'M', to: 'L' }, token);
    expect(answer).toEqual({
      status: 200,
      body: {
        success: true,
        message: `Size L has ${MAX}, the most per order line: 2 stay in size M`,
        quantity: MAX,
        fromQuantity: 2,
      },
    });
    expect(await cartOf(token)).toEqual({ [p.id]: { M: 2, L: MAX } });
  });

  it('short of stock in the new size: as many as are left move, the rest stays', async () => {
    const { token } = await shopper();
    const p = await shirt();
    await setStock(t.db, p.id, { L: 4 });
    await setLine(token, p.id, 'M', 3);
    await setLine(token, p.id, 'L', 2);
    const answer = await resize({ itemId: p.id, from: 'M', to: 'L' }, token);
    expect(answer.body).toEqual({
      success: true,
      message: 'Only 4 left in size L: 1 stays in size M',
      quantity: 4,
      fromQuantity: 1,
    });
    expect(await cartOf(token)).toEqual({ [p.id]: { M: 1, L: 4 } });
  });

  it('repeating a move changes nothing more (idempotent)', async () => {
    const { token } = await shopper();
    const p = await shirt();
    await setLine(token, p.id, 'S', 2);
    await setLine(token, p.id, 'M', 1);
    const body = { itemId: p.id, from: 'S', to: 'M' };
    expect((await resize(body, token)).body.quantity).toBe(3);
    const before = await tableDigests(t.db);
    expect(await resize(body, token)).toEqual({
      status: 200,
      body: { success: true, message: CART_MESSAGES.updated, quantity: 3, fromQuantity: 0 },
    });
    expect(changedTables(before, await tableDigests(t.db))).toEqual([]);
    expect(await cartOf(token)).toEqual({ [p.id]: { M: 3 } });
  });

  it('two moves of one line at once: one moves it, the other finds it gone', async () => {
    const { token } = await shopper();
    const p = await shirt();
    await setLine(token, p.id, 'S', 4);
    await setLine(token, p.id, 'L', 1);
    const answers = await Promise.all([
      resize({ itemId: p.id, from: 'S', to: 'L' }, token),
      resize({ itemId: p.id, from: 'S', to: 'L' }, token),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.quantity)).toEqual([5, 5]);
    expect(await cartOf(token)).toEqual({ [p.id]: { L: 5 } });
  });
});

describe('refusals: nothing is written', () => {
  it(`the new size already has ${MAX}: 400, the line limit named`, async () => {
    const { token } = await shopper();
    const p = await shirt();
    await setLine(token, p.id, 'M', 1);
    await setLine(token, p.id, 'L', MAX);
    await refused(
      { itemId: p.id, from: 'M', to: 'L' },
      token,
      400,
      `Size L has ${MAX}, the most per order line`,
    );
  });

  it('the new size is sold out: 409 with the stock message', async () => {
    const { token } = await shopper();
    const p = await shirt();
    await setStock(t.db, p.id, { L: 0 });
    await setLine(token, p.id, 'M', 2);
    await refused({ itemId: p.id, from: 'M', to: 'L' }, token, 409, 'Size L is sold out');
  });

  it('a size the product does not come in', async () => {
    const { token } = await shopper();
    const p = await shirt();
    await setLine(token, p.id, 'M', 2);
    await refused(
      { itemId: p.id, from: 'M', to: 'XL' },
      token,
      400,
      CART_MESSAGES.sizeNotAvailable,
    );
    // Nor from one: there can be no such line to move.
    await refused(
      { itemId: p.id, from: 'XXL', to: 'L' },
      token,
      400,
      CART_MESSAGES.sizeNotAvailable,
    );
  });

  it('a product that left the shop, or never was', async () => {
    const { token } = await shopper();
    const p = await shirt();
    await setLine(token, p.id, 'M', 2);
    await t.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, p.id));
    await refused({ itemId: p.id, from: 'M', to: 'L' }, token, 400, CART_MESSAGES.productNotFound);
    await refused(
      { itemId: crypto.randomUUID(), from: 'M', to: 'L' },
      token,
      400,
      CART_MESSAGES.productNotFound,
    );
  });

  it.each<[string, unknown, string]>([
    ['the same size twice', { from: 'M', to: 'M' }, CART_MESSAGES.sameSize],
    ['no new size', { from: 'M' }, CART_MESSAGES.size],
    ['a blank size', { from: 'M', to: '  ' }, CART_MESSAGES.size],
    ['a number for a size', { from: 'M', to: 32 }, CART_MESSAGES.size],
  ])('%s: 400 in plain words', async (_, sizes, message) => {
    const { token } = await shopper();
    const p = await shirt();
    await setLine(token, p.id, 'M', 2);
    await refused({ itemId: p.id, ...(sizes as object) }, token, 400, message);
  });

  it('a malformed product id: 400', async () => {
    const { token } = await shopper();
    await refused({ itemId: 'not-an-id', from: 'M', to: 'L' }, token, 400, 'Invalid product id');
  });

  it(`a move that would leave a ${LIMITS.cartLinesMax + 1}st line: refused with the line cap`, async () => {
    const { token } = await shopper();
    const p = await shirt();
    await setStock(t.db, p.id, { L: 1 });
    await setLine(token, p.id, 'M', 3);
    const others = await insertProducts(
      t.db,
      Array.from({ length: LIMITS.cartLinesMax - 1 }, () => ({ sizes: ['M'] })),
    );
    for (const other of others) await setLine(token, other.id, 'M', 1);
    // One unit of L fits, two stay in M: the cart would have one line too many.
    await refused({ itemId: p.id, from: 'M', to: 'L' }, token, 400, CART_MESSAGES.tooManyLines);
  });

  it('without a session: 401 before anything is read', async () => {
    const answer = await resize({ itemId: crypto.randomUUID(), from: 'M', to: 'L' });
    expect(answer).toEqual({
      status: 401,
      body: { success: false, message: LOGIN_REQUIRED_MESSAGE },
    });
  });
});
