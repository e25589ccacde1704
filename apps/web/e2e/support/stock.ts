// Products with the stock a journey needs, made by the shop's admin through the real admin API
// (POST /api/admin/products with a picture and `stock`), so the journey never depends on the
// seed's numbers nor changes a product another journey reads; and PATCH /api/admin/products/:id
// with `stock` for journeys that buy more of a seeded product than the seed holds.
import crypto from 'node:crypto';
import sharp from 'sharp';
import type { Product } from '@vastra/shared/schemas/product';
import { inject } from 'vitest';
import { loginToken } from './accounts';
import { baseURL, clientAddress } from './browser';

const admin = inject('admin');
let adminSession: Promise<string> | undefined;

function adminToken(): Promise<string> {
  adminSession ??= loginToken(admin);
  return adminSession;
}

async function adminCall<T>(method: string, path: string, body: FormData | object): Promise<T> {
  const json = !(body instanceof FormData);
  const response = await fetch(new URL(path, baseURL), {
    method,
    headers: {
      token: await adminToken(),
      'x-forwarded-for': clientAddress(),
      ...(json ? { 'content-type': 'application/json' } : {}),
    },
    body: json ? JSON.stringify(body) : body,
  });
  const answer = (await response.json()) as T & { success: boolean; message?: string };
  if (!response.ok || !answer.success)
    throw new Error(`${method} ${path}: ${response.status} ${answer.message}`);
  return answer;
}

export interface StockedProduct {
  _id: string;
  name: string;
  price: number;
  sizes: string[];
}

/** A new shirt in sizes S, M, L with `stock` units on hand per size; its name is unique. */
export async function stockedProduct(
  label: string,
  stock: Record<string, number>,
  price = 1499,
): Promise<StockedProduct> {
  const name = `${label} ${crypto.randomBytes(3).toString('hex')}`;
  const picture = await sharp({
    create: { width: 120, height: 150, channels: 3, background: { r: 70, g: 96, b: 128 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  const fields = {
    name,
    description: `${label}: a shirt made for the stock journeys.`,
    price: String(price),
    category: 'SHIRTS',
    subCategory: 'SNITCH',
    sizes: 'S, M, L',
    stock: JSON.stringify(stock),
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('images', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'shirt.png');
  const answer = await adminCall<{ product: { _id: string } }>('POST', '/api/admin/products', form);
  return { _id: answer.product._id, name, price, sizes: ['S', 'M', 'L'] };
}

/** Sets units on hand per size, as the owner does (sizes left out keep theirs). */
export async function setStock(productId: string, stock: Record<string, number>): Promise<void> {
  await adminCall('PATCH', `/api/admin/products/${productId}`, { stock });
}

/** What a shopper's product answer says is left of each size now. */
export async function shownStock(productId: string): Promise<Product['stock']> {
  const response = await fetch(new URL(`/api/product/${productId}`, baseURL));
  const answer = (await response.json()) as { product: Product };
  return answer.product.stock;
}
