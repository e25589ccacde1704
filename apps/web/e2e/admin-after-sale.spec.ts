// The shop owner's side of an order's life (docs/decisions/122), driven in Chromium on the built
// storefront served by the real server: the order screen walks an order to Shipped (courier and
// tracking number) and Delivered, the returns desk takes an exchange from request to the new size
// shipped, and the refunds desk shows a cancelled online order's Razorpay refund and marks a
// cash-on-delivery payout paid out. Orders and return requests are made through the shop's own
// API, as a shopper's browser would make them; nothing here talks to the database.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  addProduct,
  adminCall,
  adminPage,
  deliverOrder,
  noSidewaysScroll,
  shopperReturns,
  snapAt,
  toast,
} from './support/admin';
import { placeCodOrder, placePaidRazorpayOrder } from './support/orders';
import { snap } from './support/browser';
import { loggedInShopper } from './support/shopper';

const tag = () => crypto.randomBytes(3).toString('hex');

describe('admin after-sale screens', () => {
  it('order screen: packing, shipped with courier and tracking, delivered, cash received; the history says who', async () => {
    const product = await addProduct(`Order Screen Shirt ${tag()}`, { M: 3 });
    const shopper = await loggedInShopper({ name: 'Meera Iyer' });
    const orderId = await placeCodOrder(shopper.token, [
      { itemId: product._id, size: 'M', quantity: 1 },
    ]);
    const { page } = await adminPage();
    await page.goto('/admin/orders?method=cod&payment=unpaid');
    const row = page.getByTestId('admin-order').filter({ hasText: shopper.account.email });
    await row.getByRole('link', { name: /^Order #1\d{5}$/ }).click();
    await page.waitForURL(`**/admin/orders/${orderId}`);
    const status = page.getByTestId('admin-order-status');
    await status.filter({ hasText: 'Order Placed' }).waitFor();
    expect(await page.getByTestId('admin-order-customer').innerText()).toContain(
      shopper.account.email,
    );
    expect(await page.getByTestId('admin-order-payment').innerText()).toBe(
      'Not paid · Cash on delivery',
    );

    await page.getByRole('button', { name: 'Start packing' }).click();
    await status.filter({ hasText: 'Packing' }).waitFor();

    // Shipped asks for the courier and the tracking number, both required, checked inline.
    await page.getByRole('button', { name: 'Mark shipped' }).click();
    const ship = page.getByRole('dialog', { name: /^Ship order #/ });
    await ship.waitFor();
    // The dialog puts the keyboard in its first field.
    expect(await ship.getByLabel('Courier').evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
    await ship.getByRole('button', { name: 'Mark shipped' }).click();
    await ship.getByText('Please enter the courier').waitFor();
    await ship.getByText('Please enter the tracking number').waitFor();
    await snap(page, 'admin-order-ship-dialog-desktop');
    await ship.getByLabel('Courier').fill('Blue Dart');
    await ship.getByLabel('Tracking number').fill('BD-2026-77');
    await ship.getByRole('button', { name: 'Mark shipped' }).click();
    await toast(page, /^#\d+: /);
    await status.filter({ hasText: 'Shipped' }).waitFor();
    const shipment = page.getByTestId('admin-order-shipment');
    await shipment.filter({ hasText: 'BD-2026-77' }).waitFor();
    expect(await shipment.innerText()).toContain('Blue Dart');
    await snapAt(page, 'admin-order-screen', 1366);
    await snapAt(page, 'admin-order-screen', 360);
    await noSidewaysScroll(page, 'mobile');
    await page.setViewportSize({ width: 1366, height: 768 });

    await page.getByRole('button', { name: 'Out for delivery' }).click();
    await status.filter({ hasText: 'Out for delivery' }).waitFor();
    await page.getByRole('button', { name: 'Mark delivered' }).click();
    await status.filter({ hasText: 'Delivered' }).waitFor();
    await page.getByRole('button', { name: 'Mark cash received' }).click();
    await page
      .getByRole('dialog', { name: /paid\?$/ })
      .getByRole('button', { name: 'Mark paid' })
      .click();
    await page
      .getByTestId('admin-order-payment')
      .filter({ hasText: 'Paid · Cash on delivery' })
      .waitFor();

    // The history names who moved it: the admin's e-mail for each of the admin's steps.
    const timeline = page.getByTestId('admin-order-timeline');
    await timeline.filter({ hasText: 'Out for delivery → Delivered' }).waitFor();
    const history = await timeline.innerText();
    expect(history).toContain('Packing → Shipped');
    expect(history).toContain('owner@vastra.example.com');
    await page.getByText('No step is left for this order.').waitFor();
  });

  it('returns desk: an exchange approved, picked up, received, shipped with courier and tracking, delivered', async () => {
    const product = await addProduct(`Exchange Shirt ${tag()}`, { M: 3, L: 3 });
    const shopper = await loggedInShopper({ name: 'Ravi Kumar' });
    const orderId = await placeCodOrder(shopper.token, [
      { itemId: product._id, size: 'M', quantity: 1 },
    ]);
    await deliverOrder(orderId);
    await shopperReturns(shopper.token, {
      orderId,
      kind: 'exchange',
      reason: 'Size too small',
      comment: 'Snug at the shoulders',
      lines: [{ productId: product._id, size: 'M', quantity: 1, exchangeSize: 'L' }],
    });

    const { page } = await adminPage();
    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Returns' })
      .click();
    const card = page.getByTestId('admin-return').filter({ hasText: shopper.account.email });
    await card.waitFor();
    const text = await card.innerText();
    expect(text).toContain('Exchange');
    expect(text).toContain('Size M → L');
    expect(text).toContain('Size too small');
    expect(text).toContain('Snug at the shoulders');
    expect(await card.getByRole('link', { name: /^Order #\d+$/ }).getAttribute('href')).toBe(
      `/admin/orders/${orderId}`,
    );
    const state = card.getByTestId('admin-return-state');
    expect(await state.innerText()).toBe('Requested');
    await snapAt(page, 'admin-returns', 1366);
    await snapAt(page, 'admin-returns', 360);
    await noSidewaysScroll(page, 'mobile');
    await page.setViewportSize({ width: 1366, height: 768 });

    await card.getByRole('button', { name: 'Approve' }).click();
    const approve = page.getByRole('dialog', { name: /^Approve the exchange/ });
    await approve.getByLabel(/Note to the shopper/).fill('Our courier comes tomorrow.');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await state.filter({ hasText: 'Approved: pickup to be scheduled' }).waitFor();
    await card.getByRole('button', { name: 'Pickup done' }).click();
    await state.filter({ hasText: 'Picked up' }).waitFor();
    await card.getByRole('button', { name: 'Goods received' }).click();
    await state.filter({ hasText: 'Received at our warehouse' }).waitFor();

    await card.getByRole('button', { name: 'Ship exchange' }).click();
    const ship = page.getByRole('dialog', { name: /^Ship the exchange/ });
    await ship.getByRole('button', { name: 'Ship exchange' }).click();
    await ship.getByText('Please enter the courier').waitFor();
    await ship.getByLabel('Courier').fill('Delhivery');
    await ship.getByLabel('Tracking number').fill('DLV 55');
    await ship.getByRole('button', { name: 'Ship exchange' }).click();
    await ship.getByText('A tracking number has only letters, digits and hyphens').waitFor();
    await ship.getByLabel('Tracking number').fill('DLV-55');
    await ship.getByRole('button', { name: 'Ship exchange' }).click();
    await state.filter({ hasText: 'New size shipped' }).waitFor();
    expect(await card.getByTestId('admin-return-shipment').innerText()).toBe('Delhivery · DLV-55');
    await snapAt(page, 'admin-returns-shipped', 1366);

    await card.getByRole('button', { name: 'Exchange delivered' }).click();
    // Done: it leaves the open requests (once the list is read again) and is among the closed ones.
    await card.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Closed' }).click();
    await page.waitForURL('**/admin/returns?view=closed');
    await page
      .getByTestId('admin-return')
      .filter({ hasText: shopper.account.email })
      .getByTestId('admin-return-state')
      .filter({ hasText: 'New size delivered' })
      .waitFor();
  });

  it('refunds desk: a cancelled paid order’s Razorpay refund, and a cash-on-delivery payout marked paid out', async () => {
    const product = await addProduct(`Refund Shirt ${tag()}`, { M: 4 });
    const shopper = await loggedInShopper({ name: 'Kabir Shah' });

    // An online order, paid, cancelled by the owner on its screen with a reason.
    const paidId = await placePaidRazorpayOrder(shopper.token, [
      { itemId: product._id, size: 'M', quantity: 1 },
    ]);
    const { page } = await adminPage();
    await page.goto(`/admin/orders/${paidId}`);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const cancel = page.getByRole('dialog', { name: /^Cancel order #/ });
    await cancel.getByRole('button', { name: 'Cancel order' }).click();
    await cancel.getByText('Please give the reason for cancelling').waitFor();
    await cancel.getByLabel('Reason').fill('The last piece was damaged in the warehouse.');
    await cancel.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByTestId('admin-order-status').filter({ hasText: 'Cancelled' }).waitFor();
    await page.getByTestId('admin-order-refunds').waitFor();

    // A cash-on-delivery order, delivered and paid, returned for a refund to a UPI ID.
    const codId = await placeCodOrder(shopper.token, [
      { itemId: product._id, size: 'M', quantity: 1 },
    ]);
    await deliverOrder(codId);
    await adminCall(`/api/admin/orders/${codId}/paid`, {});
    const returnId = await shopperReturns(shopper.token, {
      orderId: codId,
      kind: 'refund',
      reason: 'Changed my mind',
      upiId: 'kabir@okaxis',
      lines: [{ productId: product._id, size: 'M', quantity: 1 }],
    });
    for (const to of ['approved', 'picked_up', 'received'])
      await adminCall(`/api/admin/returns/${returnId}/state`, { to });

    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Refunds' })
      .click();
    await page.getByRole('button', { name: 'All' }).click();
    const mine = page.getByTestId('admin-refund').filter({ hasText: shopper.account.email });
    await mine.first().waitFor();
    const online = mine.filter({ hasText: 'Razorpay' });
    expect(await online.innerText()).toContain('Order cancelled');
    const payout = mine.filter({ hasText: 'UPI payout to kabir@okaxis' });
    expect(await payout.innerText()).toContain('Items returned');
    expect(await payout.getByTestId('admin-refund-status').innerText()).toBe('In progress');
    await snapAt(page, 'admin-refunds', 1366);
    await snapAt(page, 'admin-refunds', 360);
    await noSidewaysScroll(page, 'mobile');
    await page.setViewportSize({ width: 1366, height: 768 });

    await payout.getByRole('button', { name: 'Mark paid out' }).click();
    const dialog = page.getByRole('dialog', { name: /^Paid out/ });
    await dialog.getByLabel('UPI transaction reference').fill('x');
    await dialog.getByRole('button', { name: 'Mark paid out' }).click();
    await dialog.getByText('Please enter the UPI transaction reference').waitFor();
    await dialog.getByLabel('UPI transaction reference').fill('UTR412345678901');
    await dialog.getByRole('button', { name: 'Mark paid out' }).click();
    await payout.getByTestId('admin-refund-status').filter({ hasText: 'Refunded' }).waitFor();
    expect(await payout.innerText()).toContain('UTR412345678901');
    expect(await payout.getByRole('button', { name: 'Mark paid out' }).count()).toBe(0);
  });
});
