// The shop owner's side of the browser journeys (admin.spec.ts, admin-stock.spec.ts): logging in
// through /login as the admin the server made from ADMIN_EMAIL at start, reading the admin API with
// that session, and a product added through the real multipart call.
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import type { AdminProduct } from '@vastra/shared/schemas/admin';
import { baseURL, clientAddress, openPage, snap, VIEWPORTS, type ViewportName } from './browser';
import { loginToken } from './accounts';

export const admin = inject('admin');

export async function toast(page: Page, text: string | RegExp): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

export async function noSidewaysScroll(page: Page, viewport: ViewportName): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    VIEWPORTS[viewport].width,
  );
}

/**
 * Logs the admin in through the login page, then opens /admin the way the owner finds it: the
 * account menu's Admin item, which only the owner is shown.
 */
export async function adminPage(viewport: ViewportName = 'desktop') {
  const session = await openPage('/login', { viewport });
  const { page } = session;
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page
    .getByRole('menu', { name: 'Account' })
    .getByRole('menuitem', { name: 'Admin' })
    .click();
  await page.waitForURL((url) => url.pathname === '/admin');
  await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
  await page.getByTestId('overview-waiting').waitFor();
  return session;
}

export async function adminGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await fetch(new URL(path, baseURL), { headers: { token: token ?? '' } });
  return (await response.json()) as T;
}

/** A small real PNG, made here (not one of the catalogue's pictures). */
export function picture(): Promise<Buffer> {
  return sharp({
    create: { width: 120, height: 150, channels: 3, background: { r: 138, g: 90, b: 68 } },
  })
    .png()
    .toBuffer();
}

/** Adds a shirt with `stock` (size → units on hand) through the admin's own multipart call. */
export async function addProduct(
  name: string,
  stock: Record<string, number>,
): Promise<AdminProduct> {
  const token = await loginToken(admin);
  const form = new FormData();
  form.append('name', name);
  form.append('description', 'A shirt added by a browser journey, with stock per size.');
  form.append('price', '1299');
  form.append('category', 'SHIRTS');
  form.append('subCategory', 'SNITCH');
  for (const size of Object.keys(stock)) form.append('sizes', size);
  form.append('stock', JSON.stringify(stock));
  form.append(
    'images',
    new Blob([new Uint8Array(await picture())], { type: 'image/png' }),
    'shirt.png',
  );
  const response = await fetch(new URL('/api/admin/products', baseURL), {
    method: 'POST',
    headers: { token, 'x-forwarded-for': clientAddress() },
    body: form,
  });
  const answer = (await response.json()) as { product?: AdminProduct; message?: string };
  if (!response.ok || !answer.product)
    throw new Error(`add product: ${response.status} ${answer.message}`);
  return answer.product;
}

/** A JSON call of the admin's own API with the admin's session; answers the body, throws on a refusal. */
export async function adminCall<T>(path: string, body?: unknown): Promise<T> {
  const token = await loginToken(admin);
  const response = await fetch(new URL(path, baseURL), {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      token,
      'x-forwarded-for': clientAddress(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as T & { message?: string };
  if (!response.ok) throw new Error(`${path}: ${response.status} ${answer.message}`);
  return answer;
}

/** Walks an order to Delivered through the admin's status call (Shipped with a courier). */
export async function deliverOrder(orderId: string): Promise<void> {
  for (const status of ['Packing', 'Shipped', 'Out for delivery', 'Delivered'])
    await adminCall(`/api/admin/orders/${orderId}/status`, {
      status,
      ...(status === 'Shipped' ? { courier: 'Delhivery', trackingNumber: 'DLV-100' } : {}),
    });
}

/** Screenshots for the after-sale screens at the sizes the owner uses: 1366 px and a 360 px phone. */
export async function snapAt(page: Page, name: string, width: 1366 | 360): Promise<void> {
  const height = width === 360 ? 740 : 768;
  await page.setViewportSize({ width, height });
  // The toasts of the steps before would cover the page's top: hidden for the picture only.
  const hide = await page.addStyleTag({ content: '.Toastify { display: none !important; }' });
  await snap(page, `${name}-${width}`);
  await hide.evaluate((style) => (style as Element).remove());
}

/** The shopper asks for a return or an exchange through the shop's own call; answers its id. */
export async function shopperReturns(token: string, body: unknown): Promise<string> {
  const response = await fetch(new URL('/api/order/return', baseURL), {
    method: 'POST',
    headers: { token, 'content-type': 'application/json', 'x-forwarded-for': clientAddress() },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { return?: { _id: string }; message?: string };
  if (!response.ok || !answer.return)
    throw new Error(`return request: ${response.status} ${answer.message}`);
  return answer.return._id;
}
