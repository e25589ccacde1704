// The address book in Chromium on the built storefront served by the real server: checkout saves
// the address it delivered to and offers it next time (the default preselected), the PIN code's
// delivery check fills the city and state and refuses cash on delivery where it is not offered,
// and the profile edits the name, the mobile number and the saved addresses. What the shop keeps
// is read back from the real API.
import type { SavedAddress } from '@vastra/shared/schemas/address-book';
import type { Product } from '@vastra/shared/schemas/product';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { snapAt } from './support/admin';
import { baseURL, clientAddress, openPage, VIEWPORTS } from './support/browser';
import { catalogue } from './support/catalogue';
import { DELIVERY_ADDRESS, userOrders } from './support/orders';
import { loggedInShopper, setServerLine, type Shopper } from './support/shopper';
import { setStock } from './support/stock';

let cheap: Product;
beforeAll(async () => {
  const products = await catalogue();
  cheap = [...products].sort((a, b) => a.price - b.price)[0]!;
  await setStock(cheap._id, { [cheap.sizes[0]!]: 1000 });
});

async function savedAddresses(token: string): Promise<SavedAddress[]> {
  const response = await fetch(new URL('/api/addresses', baseURL), {
    headers: { token, 'x-forwarded-for': clientAddress() },
  });
  if (!response.ok) throw new Error(`GET /api/addresses answered ${response.status}`);
  return ((await response.json()) as { addresses: SavedAddress[] }).addresses;
}

async function toast(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

async function openCheckout(shopper: Shopper, viewport: 'desktop' | 'mobile' = 'desktop') {
  await setServerLine(shopper.token, cheap._id, cheap.sizes[0]!, 1);
  const session = await openPage('/place-order', { viewport, storage: shopper.storage });
  await session.page.getByTestId('summary-line').first().waitFor();
  return session;
}

async function placeCod(page: Page): Promise<void> {
  await page.getByLabel(/Terms of Service/).check();
  await page.getByLabel(/Privacy Policy/).check();
  await page.getByLabel(/Cash on delivery/).check();
  await page.getByRole('button', { name: 'PLACE ORDER' }).click();
}

describe('the address book at checkout', () => {
  it('saves the new address with the order, then offers it preselected and completes without typing it', async () => {
    const shopper = await loggedInShopper();
    const first = await openCheckout(shopper);
    const form = first.page.locator('#checkout-form');
    await form.getByLabel('First name').fill(DELIVERY_ADDRESS.firstName);
    await form.getByLabel('Last name').fill(DELIVERY_ADDRESS.lastName);
    await form.getByLabel('Street address').fill(DELIVERY_ADDRESS.street);
    await form.getByLabel('PIN code').fill(DELIVERY_ADDRESS.zipcode);
    // The PIN code's check fills the empty city with the district and selects the state.
    await expect.poll(() => form.getByLabel(/^State/).inputValue()).toBe('Karnataka');
    expect(await form.getByLabel('City').inputValue()).not.toBe('');
    await form
      .getByTestId('delivery-by')
      .filter({ hasText: /^Delivery by \w{3}, \d+ \w{3}/ })
      .waitFor();
    await form.getByLabel('City').fill(DELIVERY_ADDRESS.city);
    await form.getByLabel('Mobile number').fill(DELIVERY_ADDRESS.phone);
    expect(await form.getByLabel('Save this address for next time').isChecked()).toBe(true);
    await placeCod(first.page);
    await first.page.waitForURL(/\/orders\/[0-9a-f-]{36}\?placed=1$/);
    await expect.poll(async () => (await savedAddresses(shopper.token)).length).toBe(1);
    expect((await savedAddresses(shopper.token))[0]).toMatchObject({
      ...DELIVERY_ADDRESS,
      email: shopper.account.email,
      isDefault: true,
    });

    const second = await openCheckout(shopper);
    const card = second.page.getByTestId('saved-address');
    await card.waitFor();
    expect(await card.getByRole('radio').isChecked()).toBe(true);
    expect(await card.innerText()).toContain('12 MG Road');
    // The form is not shown while a saved address is chosen.
    expect(await second.page.getByLabel('Street address').count()).toBe(0);
    await second.page.getByTestId('delivery-by').waitFor();
    for (const width of [1366, 360] as const)
      await snapAt(second.page, 'checkout-saved-addresses', width);
    await second.page.setViewportSize(VIEWPORTS.desktop);
    await placeCod(second.page);
    await second.page.waitForURL(/\/orders\/[0-9a-f-]{36}\?placed=1$/);
    const orders = await userOrders(shopper.token);
    expect(orders).toHaveLength(2);
    expect(orders[0]!.address).toMatchObject({ street: '12 MG Road', zipcode: '560001' });
    // Ordering to a saved address saves nothing twice.
    expect(await savedAddresses(shopper.token)).toHaveLength(1);
  });

  it('PIN 744101 (no cash on delivery there): the option is disabled with its reason and PLACE ORDER refuses it', async () => {
    const shopper = await loggedInShopper();
    const { page } = await openCheckout(shopper);
    const form = page.locator('#checkout-form');
    await page.getByLabel(/Cash on delivery/).check();
    await form.getByLabel('First name').fill('Ravi');
    await form.getByLabel('Last name').fill('Kumar');
    await form.getByLabel('Street address').fill('Aberdeen Bazaar');
    await form.getByLabel('PIN code').fill('744101');
    await form.getByLabel('Mobile number').fill('9876543210');
    await expect
      .poll(() => form.getByLabel(/^State/).inputValue())
      .toBe('Andaman and Nicobar Islands');
    await page
      .getByTestId('payment-cod-blocked')
      .filter({ hasText: 'Cash on delivery is not available for this PIN code' })
      .waitFor();
    expect(await page.getByLabel(/Cash on delivery/).isDisabled()).toBe(true);
    await snapAt(page, 'checkout-no-cod', 1366);
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.getByLabel(/Terms of Service/).check();
    await page.getByLabel(/Privacy Policy/).check();
    await page.getByRole('button', { name: 'PLACE ORDER' }).click();
    await toast(page, 'Cash on delivery is not available for this PIN code');
    expect(await userOrders(shopper.token)).toEqual([]);
    expect(await savedAddresses(shopper.token)).toEqual([]);
  });
});

describe('the profile', () => {
  it('edits the name and mobile number; they stay after a reload', async () => {
    const shopper = await loggedInShopper();
    const { page } = await openPage('/profile', { storage: shopper.storage });
    const details = page.getByRole('form', { name: 'Your details' });
    await details.getByLabel('Name').waitFor();
    expect(await details.getByLabel('Name').inputValue()).toBe(shopper.account.name);
    await details.getByLabel(/^Mobile number/).fill('12345');
    await details.getByRole('button', { name: 'SAVE DETAILS' }).click();
    await details.getByText('Please enter a valid 10-digit mobile number').waitFor();
    await details.getByLabel('Name').fill('Meera Iyer');
    await details.getByLabel(/^Mobile number/).fill('+91 91234 56789');
    await details.getByRole('button', { name: 'SAVE DETAILS' }).click();
    await toast(page, 'Your profile is saved');
    await page.reload();
    await expect.poll(() => details.getByLabel('Name').inputValue()).toBe('Meera Iyer');
    expect(await details.getByLabel(/^Mobile number/).inputValue()).toBe('9123456789');
  });

  it('adds, edits, makes default and deletes saved addresses', async () => {
    const shopper = await loggedInShopper();
    const { page } = await openPage('/profile', { storage: shopper.storage });
    const add = async (label: string, street: string, pin: string, state: string) => {
      await page.getByRole('button', { name: 'ADD AN ADDRESS' }).click();
      const editor = page.getByTestId('address-editor');
      await editor.getByLabel(/^Label/).fill(label);
      await editor.getByLabel('Street address').fill(street);
      await editor.getByLabel('PIN code').fill(pin);
      await expect.poll(() => editor.getByLabel(/^State/).inputValue()).toBe(state);
      await editor.getByLabel('Mobile number').fill('9876543210');
      await editor.getByRole('button', { name: 'SAVE ADDRESS' }).click();
      await editor.waitFor({ state: 'detached' });
    };
    await page.getByText('No saved addresses yet', { exact: false }).waitFor();
    await add('Home', '12 MG Road', '560001', 'Karnataka');
    await add('Office', '1 Parliament Street', '110001', 'Delhi');
    const cards = page.getByTestId('address-card');
    await expect.poll(() => cards.count()).toBe(2);
    // The first one saved is the default, listed first.
    expect(await cards.first().innerText()).toMatch(/Home[\s\S]*Default/i);

    await page.getByRole('button', { name: 'Make Office the default' }).click();
    await toast(page, 'Checkout will now preselect this address');
    await expect.poll(() => cards.first().innerText()).toMatch(/Office[\s\S]*Default/i);

    await page.getByRole('button', { name: 'Edit Home' }).click();
    const editor = page.getByTestId('address-editor');
    await editor.getByLabel('Street address').fill('14 MG Road');
    await editor.getByRole('button', { name: 'SAVE ADDRESS' }).click();
    await editor.waitFor({ state: 'detached' });
    await page.getByTestId('address-card').filter({ hasText: '14 MG Road' }).waitFor();
    for (const width of [1366, 360] as const) await snapAt(page, 'profile-addresses', width);
    await page.setViewportSize(VIEWPORTS.desktop);

    await page.getByRole('button', { name: 'Delete Office' }).click();
    await page.getByRole('button', { name: 'YES, DELETE' }).click();
    await toast(page, 'Address deleted');
    await expect.poll(() => cards.count()).toBe(1);
    const kept = await savedAddresses(shopper.token);
    expect(kept).toHaveLength(1);
    // Deleting the default hands it to the address left.
    expect(kept[0]).toMatchObject({ label: 'Home', street: '14 MG Road', isDefault: true });
  });
});
