// The owner's delivery screen (docs/decisions/132-delivery-check-screens.md): a holiday and a range
// added through /admin/delivery, and the shop's product page answering from them at once. Other
// journeys share the server: the range is one PIN code nobody else checks (799001), the holiday a
// year away from any promise made today, and the settings are put back as they were.
import type { DeliverySettings } from '@vastra/shared/schemas/delivery';
import type { Product } from '@vastra/shared/schemas/product';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminGet, adminPage, noSidewaysScroll, toast } from './support/admin';
import { baseURL, clientAddress, openPage, snap } from './support/browser';
import { catalogue } from './support/catalogue';

const PIN = '799001';
const HOLIDAY = { day: '2027-08-17', name: 'Journey holiday' };

let product: Product;
let before: DeliverySettings | undefined;
let token = '';

beforeAll(async () => {
  product = (await catalogue())[0]!;
});

/** The settings as they were: other journeys read the same server. */
async function restore() {
  if (!before || !token) return;
  const response = await fetch(new URL('/api/admin/delivery', baseURL), {
    method: 'PUT',
    headers: { 'content-type': 'application/json', token, 'x-forwarded-for': clientAddress() },
    body: JSON.stringify(before),
  });
  before = undefined;
  if (!response.ok) throw new Error(`restoring the delivery settings: ${response.status}`);
}

// Also after a failure halfway through the first journey.
afterAll(restore);

describe('admin delivery', () => {
  it('adds a holiday and a range that stops delivery to a PIN code; the product page then says so', async () => {
    const { page } = await adminPage();
    token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
    before = (await adminGet<{ settings: DeliverySettings }>(page, '/api/admin/delivery')).settings;

    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Delivery' })
      .click();
    await page.getByRole('heading', { name: 'Delivery', level: 1 }).waitFor();
    await page.getByTestId('delivery-zone').first().waitFor();
    expect(await page.getByTestId('delivery-explanation').innerText()).toContain(
      'The narrowest range holding a PIN code decides',
    );
    await page.setViewportSize({ width: 1366, height: 900 });
    await snap(page, 'admin-delivery-1366');

    await page.getByRole('button', { name: 'Add a range' }).click();
    const range = page.getByTestId('delivery-zone').last();
    await range.getByLabel('From PIN').fill(PIN);
    await range.getByLabel('To PIN').fill(PIN);
    await range.getByLabel('Label').fill('Journey pause');
    await range.getByLabel('Serviced').uncheck();
    await page.getByRole('button', { name: 'Add a holiday' }).click();
    const holiday = page.getByTestId('delivery-holiday').last();
    await holiday.getByLabel('Date').fill(HOLIDAY.day);
    await holiday.getByLabel('Name').fill(HOLIDAY.name);
    await page.getByRole('button', { name: 'Save ranges and holidays' }).click();
    await toast(page, /^Delivery settings saved/);

    const saved = (await adminGet<{ settings: DeliverySettings }>(page, '/api/admin/delivery'))
      .settings;
    expect(saved.holidays).toContainEqual(HOLIDAY);
    expect(saved.zones).toContainEqual({
      pinFrom: PIN,
      pinTo: PIN,
      label: 'Journey pause',
      serviceable: false,
      cashOnDelivery: true,
      extraDays: 0,
    });

    const shop = await openPage(`/product/${product._id}`);
    const box = shop.page.getByTestId('delivery-check');
    await box.getByLabel('PIN code').fill(PIN);
    await box.getByRole('button', { name: 'Check' }).click();
    await shop.page
      .getByTestId('delivery-not-served')
      .filter({ hasText: 'We do not deliver to this PIN code yet' })
      .waitFor();
    await restore();
  });

  it('fits a phone: the ranges as cards, nothing wider than 360 px', async () => {
    const { page } = await adminPage('mobile');
    await page.goto('/admin/delivery');
    await page.getByTestId('delivery-zone').first().waitFor();
    await noSidewaysScroll(page, 'mobile');
    await snap(page, 'admin-delivery-360');
  });
});
