import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { orders, type NewOrderRow, type OrderRow } from '../db/schema/orders';
import { users } from '../db/schema/users';
import { loggedInShopper } from './shopper';

/** A logged-in account with the admin role (made through the database, as admin:create does). */
export async function loggedInAdmin(
  app: FastifyInstance,
  db: Database,
): Promise<{ token: string; userId: string; email: string }> {
  const admin = await loggedInShopper(app, db, 'admin');
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  return admin;
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
