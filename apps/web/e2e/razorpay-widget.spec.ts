// The local Razorpay checkout widget (decision 060), driven in Chromium on a storefront page the
// way the checkout will drive it: `new Razorpay(options).open()` with an order made through the
// emulator's REST API. The storefront has no checkout yet, so the script is added to the home page.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { baseURL, openPage, type ViewportName } from './support/browser';

const KEY_ID = 'rzp_test_vastra_local';

/**
 * The emulator's key secret is derived from the server's session secret (kept in its data dir,
 * as global-setup sets no JWT_SECRET); same derivation as apps/api/src/providers/payments/sandbox-keys.ts,
 * which the storefront's tests may not import.
 */
function keySecret(): string {
  const serverSecret = fs.readFileSync(path.join(inject('dataDir'), 'jwt-secret'), 'utf8').trim();
  return crypto
    .createHmac('sha256', serverSecret)
    .update('vastra/razorpay-emulator/key-secret/v1')
    .digest('base64url')
    .slice(0, 32);
}

async function createOrder(amountPaise: number): Promise<{ id: string; amount: number }> {
  const response = await fetch(new URL('/razorpay-emulator/v1/orders', baseURL), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${KEY_ID}:${keySecret()}`).toString('base64')}`,
    },
    body: JSON.stringify({ amount: amountPaise, currency: 'INR', receipt: `e2e-${Date.now()}` }),
  });
  if (!response.ok) throw new Error(`create order: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string; amount: number };
}

/** The viewport only (the dialog is fixed; a full-page shot of the home page hides it in length). */
async function shoot(page: Page, name: string): Promise<void> {
  const dir = path.resolve(import.meta.dirname, '../../../test-results/screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

type WidgetEvent =
  | { type: 'handler'; response: Record<string, string> }
  | {
      type: 'failed';
      error: { description: string; reason: string; metadata: Record<string, string> };
    }
  | { type: 'dismiss' };

/** Adds checkout.js to the page and opens the widget; events are collected in window.__rzpEvents. */
async function openWidget(
  page: Page,
  order: { id: string; amount: number },
  prefill: Record<string, string> = {},
) {
  await page.addScriptTag({ url: '/razorpay-emulator/checkout.js' });
  await page.evaluate(
    ({ key, order, prefill }) => {
      const w = window as unknown as {
        __rzpEvents: unknown[];
        Razorpay: new (options: unknown) => {
          open(): void;
          on(e: string, cb: (r: unknown) => void): void;
        };
      };
      w.__rzpEvents = [];
      const rzp = new w.Razorpay({
        key,
        amount: order.amount,
        currency: 'INR',
        order_id: order.id,
        name: 'Vastra',
        description: 'Order for 2 items',
        prefill: { name: 'Asha Rao', email: 'asha@example.com', contact: '9876543210', ...prefill },
        handler: (response: unknown) => w.__rzpEvents.push({ type: 'handler', response }),
        modal: { ondismiss: () => w.__rzpEvents.push({ type: 'dismiss' }) },
      });
      rzp.on('payment.failed', (response) =>
        w.__rzpEvents.push({ type: 'failed', error: (response as { error: unknown }).error }),
      );
      rzp.open();
    },
    { key: KEY_ID, order, prefill },
  );
  const dialog = page.getByRole('dialog', { name: 'Vastra' });
  await dialog.waitFor();
  return dialog;
}

async function events(page: Page, count: number): Promise<WidgetEvent[]> {
  await page.waitForFunction(
    (n) => (window as unknown as { __rzpEvents: unknown[] }).__rzpEvents.length >= n,
    count,
  );
  return page.evaluate(() => (window as unknown as { __rzpEvents: WidgetEvent[] }).__rzpEvents);
}

describe('Razorpay emulator checkout widget', () => {
  it('a card payment hands the handler the payment id, order id and a valid signature', async () => {
    const order = await createOrder(249_900);
    const { page } = await openPage('/');
    const dialog = await openWidget(page, order);
    expect(await dialog.getByText('₹2,499.00').first().isVisible()).toBe(true);
    await dialog.getByRole('tab', { name: 'Card' }).click();
    expect(await dialog.getByRole('tab', { name: 'Card' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await dialog.getByLabel('Card number').fill('4111111111111111');
    expect(await dialog.getByLabel('Card number').inputValue()).toBe('4111 1111 1111 1111');
    await dialog.getByLabel('Expiry (MM/YY)').fill('1239');
    await dialog.getByLabel('CVV').fill('123');
    await dialog.getByRole('button', { name: 'Pay ₹2,499.00' }).click();

    const [event] = await events(page, 1);
    expect(event?.type).toBe('handler');
    const response = (event as { response: Record<string, string> }).response;
    expect(Object.keys(response).sort()).toEqual([
      'razorpay_order_id',
      'razorpay_payment_id',
      'razorpay_signature',
    ]);
    expect(response.razorpay_order_id).toBe(order.id);
    expect(response.razorpay_payment_id).toMatch(/^pay_[A-Za-z0-9]{14}$/);
    const expected = crypto
      .createHmac('sha256', keySecret())
      .update(`${order.id}|${response.razorpay_payment_id}`)
      .digest('hex');
    expect(response.razorpay_signature).toBe(expected);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('checks the fields, reports a declined UPI payment, and closes on Escape with ondismiss', async () => {
    const order = await createOrder(59_900);
    const { page } = await openPage('/');
    const dialog = await openWidget(page, order);
    // Opens on UPI with the UPI ID field focused.
    expect(await dialog.getByRole('tab', { name: 'UPI' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('vpa');

    await dialog.getByRole('button', { name: /^Pay / }).click();
    await dialog.getByText('Please enter your UPI ID').waitFor();
    expect(await dialog.getByLabel('UPI ID').getAttribute('aria-invalid')).toBe('true');

    await dialog.getByLabel('UPI ID').fill('failure@razorpay');
    await dialog.getByRole('button', { name: /^Pay / }).click();
    const [failed] = await events(page, 1);
    expect(failed).toMatchObject({
      type: 'failed',
      error: {
        reason: 'payment_declined',
        metadata: { order_id: order.id, payment_id: expect.stringMatching(/^pay_/) },
      },
    });
    // The window stays open for another try, with the reason shown.
    await dialog.getByRole('alert').filter({ hasText: 'declined' }).waitFor();

    await page.keyboard.press('Escape');
    const all = await events(page, 2);
    expect(all[1]).toEqual({ type: 'dismiss' });
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('keeps focus inside the dialog and gives it back on close', async () => {
    const order = await createOrder(10_000);
    const { page } = await openPage('/');
    await page.evaluate(() => {
      const button = document.createElement('button');
      button.textContent = 'Place order';
      button.id = 'opener';
      document.body.prepend(button);
      button.focus();
    });
    const dialog = await openWidget(page, order);
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    await dialog.getByRole('button', { name: 'Close payment window' }).click();
    expect(await events(page, 1)).toEqual([{ type: 'dismiss' }]);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('opener');
  });

  for (const viewport of ['desktop', 'mobile'] as ViewportName[]) {
    it(`fits at ${viewport} width (screenshots of both tabs)`, async () => {
      const order = await createOrder(129_900);
      const { page } = await openPage('/', { viewport });
      const dialog = await openWidget(page, order);
      await dialog.getByLabel('UPI ID').fill('asha@okaxis');
      await shoot(page, `razorpay-widget-upi-${viewport}`);
      await dialog.getByRole('tab', { name: 'Card' }).click();
      await dialog.getByLabel('Card number').fill('4000000000000002');
      await dialog.getByLabel('Expiry (MM/YY)').fill('0130');
      await dialog.getByLabel('CVV').fill('1');
      await dialog.getByRole('button', { name: /^Pay / }).click();
      await dialog.getByText('Enter the 3 or 4 digit CVV').waitFor();
      await shoot(page, `razorpay-widget-card-${viewport}`);
      const box = await dialog.boundingBox();
      const width = await page.evaluate(() => document.documentElement.clientWidth);
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
    });
  }
});
