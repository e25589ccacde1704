import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '@vastra/shared/constants';
import { CART_MESSAGES } from '@vastra/shared/schemas/cart';
import { carts } from '../../db/schema/carts';
import { products, type ProductRow } from '../../db/schema/products';
import { users } from '../../db/schema/users';
import { LOGIN_REQUIRED_MESSAGE, SESSION_OVER_MESSAGE } from '../../plugins/auth';
import { useTestApp } from '../../test/use-test-app';
import { loggedInShopper, insertProducts } from '../../test/fixtures';

const t = useTestApp();

interface Answer {
  status: number;
  body: {
    success: boolean;
    message?: string;
    cartData?: Record<string, Record<string, number>>;
    removed?: string[];
    quantity?: number;
  };
}

async function call(
  path: 'get' | 'add' | 'update',
  payload: unknown,
  token?: string,
): Promise<Answer> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/cart/${path}`,
    payload: payload as Record<string, unknown>,
    headers: token ? { token } : {},
  });
  return { status: res.statusCode, body: res.json() };
}

/** A shopper logged in through the real login route. */
const shopper = () => loggedInShopper(t.app, t.db, 'cart');

async function product(row: Partial<ProductRow> = {}): Promise<ProductRow> {
  const [inserted] = await insertProducts(t.db, [{ sizes: ['S', 'M', 'L'], ...row }]);
  return inserted!;
}

async function storedQuantity(
  userId: string,
  productId: string,
  size: string,
): Promise<number | undefined> {
  const rows = await t.db
    .select({ quantity: carts.quantity })
    .from(carts)
    .where(and(eq(carts.userId, userId), eq(carts.productId, productId), eq(carts.size, size)));
  return rows[0]?.quantity;
}

function expectNoErrorLogs(): void {
  // A refusal is a 4xx logged at info, never an error (docs/decisions/004).
  expect(t.logs.filter((l) => l.level >= 50)).toEqual([]);
}

describe('a session is required', () => {
  it.each<['get' | 'add' | 'update', unknown]>([
    ['get', {}],
    ['add', { itemId: crypto.randomUUID(), size: 'M' }],
    ['update', { itemId: crypto.randomUUID(), size: 'M', quantity: 1 }],
    // Even a bad body is answered 401 first: nothing is validated for a visitor.
    ['add', { itemId: 'nope' }],
  ])('%s without a token → 401', async (path, payload) => {
    const answer = await call(path, payload);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ success: false, message: LOGIN_REQUIRED_MESSAGE });
  });

  it('a forged token → 401 session over', async () => {
    const answer = await call('get', {}, 'eyJhbGciOiJIUzI1NiJ9.e30.forged');
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ success: false, message: SESSION_OVER_MESSAGE });
  });
});

describe('get, add and update', () => {
  it('starts empty, adds one at a time, sets, and removes with 0', async () => {
    const { token, userId } = await shopper();
    const shirt = await product({ price: 1299 });
    const pants = await product({ sizes: ['30', '32'], category: 'PANTS' });

    expect((await call('get', {}, token)).body).toEqual({ success: true, cartData: {} });
    // The storefront sends `{}`; a bare POST works too.
    const bare = await t.app.inject({ method: 'POST', url: '/api/cart/get', headers: { token } });
    expect(bare.json()).toEqual({ success: true, cartData: {} });

    expect((await call('add', { itemId: shirt.id, size: 'M' }, token)).body).toEqual({
      success: true,
      message: CART_MESSAGES.added,
      quantity: 1,
    });
    expect((await call('add', { itemId: shirt.id, size: 'M' }, token)).body.quantity).toBe(2);
    expect((await call('add', { itemId: shirt.id, size: 'L' }, token)).body.quantity).toBe(1);
    expect((await call('add', { itemId: pants.id, size: '32' }, token)).body.quantity).toBe(1);
    expect((await call('get', {}, token)).body.cartData).toEqual({
      [shirt.id]: { M: 2, L: 1 },
      [pants.id]: { '32': 1 },
    });

    expect(
      (await call('update', { itemId: shirt.id, size: 'M', quantity: 7 }, token)).body,
    ).toEqual({
      success: true,
      message: CART_MESSAGES.updated,
      quantity: 7,
    });
    expect(await storedQuantity(userId, shirt.id, 'M')).toBe(7);
    // Update may create a line too (the client's "set" of a line it holds locally).
    expect(
      (await call('update', { itemId: pants.id, size: '30', quantity: 2 }, token)).body.quantity,
    ).toBe(2);

    expect(
      (await call('update', { itemId: shirt.id, size: 'L', quantity: 0 }, token)).body,
    ).toEqual({
      success: true,
      message: CART_MESSAGES.removed,
      quantity: 0,
    });
    expect(await storedQuantity(userId, shirt.id, 'L')).toBeUndefined();
    expect((await call('get', {}, token)).body.cartData).toEqual({
      [shirt.id]: { M: 7 },
      [pants.id]: { '32': 1, '30': 2 },
    });
    // Removing a line that is not there is a harmless no-op.
    expect((await call('update', { itemId: shirt.id, size: 'L', quantity: 0 }, token)).status).toBe(
      200,
    );
    expectNoErrorLogs();
  });

  it('keeps each shopper to their own cart', async () => {
    const a = await shopper();
    const b = await shopper();
    const shirt = await product();
    await call('add', { itemId: shirt.id, size: 'S' }, a.token);
    expect((await call('get', {}, a.token)).body.cartData).toEqual({ [shirt.id]: { S: 1 } });
    expect((await call('get', {}, b.token)).body.cartData).toEqual({});
  });
});

describe('refusals: 400 with a message', () => {
  it.each<[string, (ids: { id: string; gone: string }) => ['add' | 'update', unknown], string]>([
    [
      'an unknown product (add)',
      () => ['add', { itemId: crypto.randomUUID(), size: 'M' }],
      CART_MESSAGES.productNotFound,
    ],
    [
      'an unknown product (update)',
      () => ['update', { itemId: crypto.randomUUID(), size: 'M', quantity: 2 }],
      CART_MESSAGES.productNotFound,
    ],
    [
      'an unknown product (update to 0)',
      () => ['update', { itemId: crypto.randomUUID(), size: 'M', quantity: 0 }],
      CART_MESSAGES.productNotFound,
    ],
    [
      'a deleted product',
      ({ gone }) => ['add', { itemId: gone, size: 'M' }],
      CART_MESSAGES.productNotFound,
    ],
    [
      'a product id that is not an id',
      () => ['add', { itemId: 'abc', size: 'M' }],
      'Invalid product id',
    ],
    ['a missing product id', () => ['add', { size: 'M' }], 'Invalid product id'],
    [
      'a size the product does not have (add)',
      ({ id }) => ['add', { itemId: id, size: 'XXL' }],
      CART_MESSAGES.sizeNotAvailable,
    ],
    [
      'a size the product does not have (update)',
      ({ id }) => ['update', { itemId: id, size: '32', quantity: 1 }],
      CART_MESSAGES.sizeNotAvailable,
    ],
    [
      'sizes are exact (lower case m)',
      ({ id }) => ['add', { itemId: id, size: 'm' }],
      CART_MESSAGES.sizeNotAvailable,
    ],
    ['no size', ({ id }) => ['add', { itemId: id }], CART_MESSAGES.size],
    ['an empty size', ({ id }) => ['add', { itemId: id, size: '  ' }], CART_MESSAGES.size],
    [
      'quantity 11',
      ({ id }) => ['update', { itemId: id, size: 'M', quantity: 11 }],
      CART_MESSAGES.quantity,
    ],
    [
      'quantity -1',
      ({ id }) => ['update', { itemId: id, size: 'M', quantity: -1 }],
      CART_MESSAGES.quantity,
    ],
    [
      'quantity 1.5',
      ({ id }) => ['update', { itemId: id, size: 'M', quantity: 1.5 }],
      CART_MESSAGES.quantity,
    ],
    [
      'quantity as text',
      ({ id }) => ['update', { itemId: id, size: 'M', quantity: '2' }],
      CART_MESSAGES.quantity,
    ],
    ['no quantity', ({ id }) => ['update', { itemId: id, size: 'M' }], CART_MESSAGES.quantity],
  ])('%s', async (_, build, message) => {
    const { token, userId } = await shopper();
    const shirt = await product();
    const gone = await product({ deletedAt: new Date() });
    const [path, payload] = build({ id: shirt.id, gone: gone.id });
    const answer = await call(path, payload, token);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ success: false, message });
    // Nothing was stored.
    expect(await t.db.select().from(carts).where(eq(carts.userId, userId))).toEqual([]);
    expectNoErrorLogs();
  });

  it(`adding past ${LIMITS.cartLineQuantityMax} of one line`, async () => {
    const { token, userId } = await shopper();
    const shirt = await product();
    await call(
      'update',
      { itemId: shirt.id, size: 'M', quantity: LIMITS.cartLineQuantityMax },
      token,
    );
    const answer = await call('add', { itemId: shirt.id, size: 'M' }, token);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ success: false, message: CART_MESSAGES.lineFull });
    expect(await storedQuantity(userId, shirt.id, 'M')).toBe(LIMITS.cartLineQuantityMax);
  });

  it(`a ${LIMITS.cartLinesMax + 1}st distinct line (add or update); existing lines still change`, async () => {
    const { token, userId } = await shopper();
    const many = await insertProducts(
      t.db,
      Array.from({ length: 11 }, () => ({ sizes: ['S', 'M'] })),
    );
    // 20 lines: 10 products × 2 sizes.
    for (const p of many.slice(0, 10)) {
      expect((await call('add', { itemId: p.id, size: 'S' }, token)).status).toBe(200);
      expect((await call('update', { itemId: p.id, size: 'M', quantity: 2 }, token)).status).toBe(
        200,
      );
    }
    const extra = many[10]!;
    for (const [path, payload] of [
      ['add', { itemId: extra.id, size: 'S' }],
      ['update', { itemId: extra.id, size: 'S', quantity: 1 }],
    ] as const) {
      const answer = await call(path, payload, token);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ success: false, message: CART_MESSAGES.tooManyLines });
    }
    expect(await storedQuantity(userId, extra.id, 'S')).toBeUndefined();
    // Lines already in the cart can still go up, and removing one makes room.
    const first = many[0]!;
    expect((await call('add', { itemId: first.id, size: 'S' }, token)).body.quantity).toBe(2);
    await call('update', { itemId: first.id, size: 'S', quantity: 0 }, token);
    expect((await call('add', { itemId: extra.id, size: 'S' }, token)).body.quantity).toBe(1);
  });

  it('a line of a deleted product does not count toward the cap', async () => {
    const { token } = await shopper();
    const many = await insertProducts(
      t.db,
      Array.from({ length: 21 }, () => ({ sizes: ['M'] })),
    );
    for (const p of many.slice(0, 20)) await call('add', { itemId: p.id, size: 'M' }, token);
    await t.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, many[0]!.id));
    expect((await call('add', { itemId: many[20]!.id, size: 'M' }, token)).status).toBe(200);
  });
});

describe('concurrency', () => {
  it('50 concurrent adds of one line: exactly 10 succeed, 40 are refused, the line ends at 10', async () => {
    const { token, userId } = await shopper();
    const shirt = await product();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => call('add', { itemId: shirt.id, size: 'M' }, token)),
    );
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 400);
    expect(ok).toHaveLength(LIMITS.cartLineQuantityMax);
    expect(refused).toHaveLength(50 - LIMITS.cartLineQuantityMax);
    for (const a of refused)
      expect(a.body).toEqual({ success: false, message: CART_MESSAGES.lineFull });
    // Every success saw a different count: no two increments read the same value (no lost update).
    expect(ok.map((a) => a.body.quantity).sort((x, y) => x! - y!)).toEqual(
      Array.from({ length: LIMITS.cartLineQuantityMax }, (_, i) => i + 1),
    );
    expect(await storedQuantity(userId, shirt.id, 'M')).toBe(LIMITS.cartLineQuantityMax);
    expectNoErrorLogs();
  });

  it(`concurrent adds of ${LIMITS.cartLinesMax + 10} different lines never pass ${LIMITS.cartLinesMax} lines`, async () => {
    const { token, userId } = await shopper();
    const many = await insertProducts(
      t.db,
      Array.from({ length: LIMITS.cartLinesMax + 10 }, () => ({ sizes: ['M'] })),
    );
    const answers = await Promise.all(
      many.map((p) => call('add', { itemId: p.id, size: 'M' }, token)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(LIMITS.cartLinesMax);
    const refused = answers.filter((a) => a.status === 400);
    expect(refused).toHaveLength(10);
    for (const a of refused) expect(a.body.message).toBe(CART_MESSAGES.tooManyLines);
    const rows = await t.db.select().from(carts).where(eq(carts.userId, userId));
    expect(rows).toHaveLength(LIMITS.cartLinesMax);
  });
});

describe('products that leave the shop', () => {
  it('a deleted product disappears from the cart with a notice naming it, once', async () => {
    const { token, userId } = await shopper();
    const kept = await product({ name: 'Oxford Shirt' });
    const gone = await product({ name: 'Linen Kurta Shirt' });
    await call('add', { itemId: kept.id, size: 'M' }, token);
    await call('add', { itemId: gone.id, size: 'M' }, token);
    await call('add', { itemId: gone.id, size: 'L' }, token);
    await t.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, gone.id));

    const first = await call('get', {}, token);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      cartData: { [kept.id]: { M: 1 } },
      removed: ['Linen Kurta Shirt'],
      message: `${CART_MESSAGES.unavailablePrefix}Linen Kurta Shirt`,
    });
    expect(await storedQuantity(userId, gone.id, 'M')).toBeUndefined();
    // The notice is given once: the lines are gone now.
    expect((await call('get', {}, token)).body).toEqual({
      success: true,
      cartData: { [kept.id]: { M: 1 } },
    });
  });

  it('a size the product no longer comes in is removed the same way', async () => {
    const { token } = await shopper();
    const shirt = await product({ name: 'Striped Tee', sizes: ['S', 'M'] });
    await call('add', { itemId: shirt.id, size: 'S' }, token);
    await call('add', { itemId: shirt.id, size: 'M' }, token);
    await t.db
      .update(products)
      .set({ sizes: ['M'] })
      .where(eq(products.id, shirt.id));
    expect((await call('get', {}, token)).body).toMatchObject({
      cartData: { [shirt.id]: { M: 1 } },
      removed: ['Striped Tee'],
    });
  });

  it('a line of a deleted product can still be removed with quantity 0', async () => {
    const { token, userId } = await shopper();
    const gone = await product();
    await call('add', { itemId: gone.id, size: 'M' }, token);
    await t.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, gone.id));
    const answer = await call('update', { itemId: gone.id, size: 'M', quantity: 0 }, token);
    expect(answer.body).toEqual({ success: true, message: CART_MESSAGES.removed, quantity: 0 });
    expect(await storedQuantity(userId, gone.id, 'M')).toBeUndefined();
  });

  it('deleting a user or a product row takes its cart lines with it', async () => {
    const { token, userId } = await shopper();
    const shirt = await product();
    await call('add', { itemId: shirt.id, size: 'M' }, token);
    await t.db.delete(products).where(eq(products.id, shirt.id));
    expect(await storedQuantity(userId, shirt.id, 'M')).toBeUndefined();
    const other = await product();
    await call('add', { itemId: other.id, size: 'M' }, token);
    await t.db.delete(users).where(eq(users.id, userId));
    expect(await t.db.select().from(carts)).toEqual([]);
  });
});
