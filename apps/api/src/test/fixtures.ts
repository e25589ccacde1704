import type { Category } from '@vastra/shared/constants';
import { HSN_BY_CATEGORY } from '@vastra/shared/tax/gst-rates';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { carts } from '../db/schema/carts';
import { orders, type NewOrderRow, type OrderRow } from '../db/schema/orders';
import { products, type NewProductRow, type ProductRow } from '../db/schema/products';
import { productStock } from '../db/schema/stock';
import { users } from '../db/schema/users';
import type { Logger } from '../lib/logger';
import { hashPassword } from '../modules/auth/passwords';
import { createTokenService } from '../modules/auth/tokens';
import { systemClock, type Clock } from '../lib/clock';

/*
 * The test data the API test files share: accounts, products, carts, orders, an address, upload
 * bodies. Rows go straight into the tables; sessions come from the real login route.
 */

const PASSWORD = 'correct horse battery';
// argon2id is slow on purpose: hash the shared test password once per test file.
let passwordHash: Promise<string> | undefined;

/**
 * A customer created in the database and logged in through the real login route, for tests of
 * the routes that need a session (cart, coupons, orders). `label` prefixes the e-mail.
 */
export async function loggedInShopper(
  app: FastifyInstance,
  db: Database,
  label = 'shopper',
): Promise<{ token: string; userId: string; email: string }> {
  passwordHash ??= hashPassword(PASSWORD);
  const email = `${label}.${crypto.randomBytes(4).toString('hex')}@example.com`;
  const [row] = await db
    .insert(users)
    .values({ name: 'Asha Rao', email, passwordHash: await passwordHash })
    .returning({ id: users.id });
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email, password: PASSWORD },
  });
  const body = res.json<{ success: boolean; token?: string }>();
  if (!row || !body.success || !body.token)
    throw new Error(`Test shopper could not log in: ${res.body}`);
  return { token: body.token, userId: row.id, email };
}

/**
 * `n` customers at once, for tests of many buyers racing: created in one insert, with session
 * tokens signed as the login route signs them (`secret`: the app's JWT_SECRET; `clock`: the
 * app's) rather than n password checks.
 */
export async function sessionsFor(
  db: Database,
  n: number,
  signer: { secret: string; clock?: Clock },
): Promise<{ token: string; userId: string; email: string }[]> {
  passwordHash ??= hashPassword(PASSWORD);
  const hash = await passwordHash;
  const run = crypto.randomBytes(4).toString('hex');
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        name: `Buyer ${i + 1}`,
        email: `buyer${i + 1}.${run}@example.com`,
        passwordHash: hash,
      })),
    )
    .returning({ id: users.id, email: users.email, version: users.tokenVersion });
  const tokens = createTokenService(signer.secret, signer.clock ?? systemClock);
  return Promise.all(
    rows.map(async (row) => ({
      userId: row.id,
      email: row.email,
      token: await tokens.sign({ userId: row.id, version: row.version }),
    })),
  );
}

/** A logged-in account with the admin role (made through the database, as admin:create does). */
export async function loggedInAdmin(
  app: FastifyInstance,
  db: Database,
): Promise<{ token: string; userId: string; email: string }> {
  const admin = await loggedInShopper(app, db, 'admin');
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  return admin;
}

/**
 * What the checkout widget's Pay button sends to the emulator of `shop` (listening at
 * `shop.origin`): a card payment of the provider order, unless `extra` says otherwise.
 */
export async function payInEmulator(
  shop: { app: FastifyInstance; origin: string },
  providerOrderId: string,
  extra: Record<string, unknown> = {},
): Promise<{
  razorpay_order_id?: string;
  razorpay_payment_id?: string;
  razorpay_signature?: string;
  error?: unknown;
}> {
  const response = await fetch(`${shop.origin}/razorpay-emulator/checkout/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      key_id: shop.app.payments.gateway.keyId,
      order_id: providerOrderId,
      method: 'card',
      ...extra,
    }),
  });
  return (await response.json()) as Awaited<ReturnType<typeof payInEmulator>>;
}

/** A delivery address the checkout accepts. */
export const ADDRESS = {
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.com',
  street: '1 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  zipcode: '560001',
  country: 'India',
  phone: '9876543210',
};

/** An order row for `userId`, as checkout would have written it (override anything). */
export async function insertOrder(
  db: Database,
  userId: string,
  overrides: Partial<NewOrderRow> = {},
): Promise<OrderRow> {
  const [row] = await db
    .insert(orders)
    .values({
      userId,
      items: [
        {
          _id: crypto.randomUUID(),
          name: 'Linen Shirt',
          image: ['/uploads/products/linen.webp'],
          price: 1299,
          category: 'SHIRTS',
          subCategory: 'SNITCH',
          size: 'M',
          quantity: 1,
        },
      ],
      address: { ...ADDRESS, email: `buyer.${crypto.randomBytes(3).toString('hex')}@example.com` },
      subtotal: 1299,
      deliveryFee: 49,
      discount: 0,
      amount: 1348,
      paymentMethod: 'cod',
      payment: false,
      status: 'Order Placed',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('order insert returned nothing');
  return row;
}

export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** A multipart/form-data body, as a browser's FormData would send it. */
export function multipart(
  fields: Record<string, string | string[]>,
  files: FilePart[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----vastra${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`,
        ),
      );
    }
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Every file under `dir` (relative paths, sorted); none when it does not exist. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .sort();
}

let counter = 0;

/** Units per size the test products start with, unless a test says otherwise. */
const TEST_STOCK = 1000;

/**
 * Sets units on hand of a product's sizes straight in the stock table (held stays as it is; a new
 * row holds nothing).
 */
export async function setStock(
  db: Database,
  productId: string,
  units: Readonly<Record<string, number>>,
): Promise<void> {
  const rows = Object.entries(units).map(([size, onHand]) => ({ productId, size, onHand }));
  if (rows.length === 0) return;
  await db
    .insert(productStock)
    .values(rows)
    .onConflictDoUpdate({
      target: [productStock.productId, productStock.size],
      set: { onHand: sql`excluded.on_hand` },
    });
}

/** A size's units on hand and held, as the stock table has them now. */
export async function stockOf(
  db: Database,
  productId: string,
  size: string,
): Promise<{ onHand: number; held: number; available: number }> {
  const [row] = await db
    .select({ onHand: productStock.onHand, held: productStock.held })
    .from(productStock)
    .where(and(eq(productStock.productId, productId), eq(productStock.size, size)));
  const { onHand, held } = row ?? { onHand: 0, held: 0 };
  return { onHand, held, available: onHand - held };
}

/**
 * Inserts products straight into the table; `createdAt` defaults to one minute apart, in order.
 * Each size starts with `stock` units (TEST_STOCK unless given; 0 writes no stock rows).
 */
export async function insertProducts(
  db: Database,
  rows: Partial<NewProductRow>[],
  stock: number = TEST_STOCK,
): Promise<ProductRow[]> {
  const base = Date.UTC(2025, 0, 1);
  const values: NewProductRow[] = rows.map((row, index) => {
    counter += 1;
    return {
      name: `Test shirt ${counter}`,
      description: 'A plain cotton shirt used by the tests.',
      price: 999,
      images: [
        `/uploads/products/test-${counter}-a.webp`,
        `/uploads/products/test-${counter}-b.webp`,
      ],
      category: 'SHIRTS',
      subCategory: 'SNITCH',
      sizes: ['S', 'M', 'L'],
      createdAt: new Date(base + index * 60_000),
      ...row,
      hsn: row.hsn ?? HSN_BY_CATEGORY[(row.category ?? 'SHIRTS') as Category],
    };
  });
  const inserted = await db.insert(products).values(values).returning();
  if (stock > 0)
    for (const product of inserted)
      await setStock(db, product.id, Object.fromEntries(product.sizes.map((s) => [s, stock])));
  return inserted;
}

/**
 * Puts lines straight into a shopper's server cart: a new product for each `[price, quantity]`
 * (sizes M and L), in size M. Answers the product ids, in order.
 */
export async function fillCart(
  db: Database,
  userId: string,
  lines: [price: number, quantity: number][],
): Promise<string[]> {
  const inserted = await insertProducts(
    db,
    lines.map(([price]) => ({ price, sizes: ['M', 'L'] })),
  );
  await db
    .insert(carts)
    .values(
      inserted.map((p, i) => ({ userId, productId: p.id, size: 'M', quantity: lines[i]![1] })),
    );
  return inserted.map((p) => p.id);
}

/** A logger that keeps nothing, for services a test builds by hand. */
export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
