// The tax invoice from the shopper's order page, in the built storefront on the real server: an
// order paid through the Razorpay emulator, its invoice downloaded with the page's own button,
// and the PDF read back — its number, the seller's GSTIN, the HSN code and the GST amounts
// (docs/decisions/123-gst-invoices.md, docs/decisions/127-invoice-downloads.md).
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Category } from '@vastra/shared/constants';
import type { Product } from '@vastra/shared/schemas/product';
import { HSN_BY_CATEGORY } from '@vastra/shared/tax/gst-rates';
import { invoiceTaxLines, taxTotals } from '@vastra/shared/tax/tax-lines';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
// The server the journeys start runs without SELLER_*: its invoices name the demo seller.
// eslint-disable-next-line import-x/no-restricted-paths -- the test reads the server's constant, the page never does
import { DEMO_SELLER } from '../../api/src/config';
// The API tests' PDF reader, so both read a document the same way.
// eslint-disable-next-line import-x/no-restricted-paths -- a test helper, not storefront code
import { pdfPictures, pdfText } from '../../api/src/test/pdf-text';
import { loginToken } from './support/accounts';
import { admin } from './support/admin';
import { openPage, VIEWPORTS, type ViewportName } from './support/browser';
import { catalogue } from './support/catalogue';
import { orderDetail, placePaidRazorpayOrder } from './support/orders';
import { loggedInShopper } from './support/shopper';

const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screenshots');

/** The order page with its documents, 1366 px wide on a desktop, the phone's 360 px otherwise. */
async function shoot(page: Page, name: string, viewport: ViewportName) {
  fs.mkdirSync(SHOTS, { recursive: true });
  if (viewport === 'desktop') await page.setViewportSize({ width: 1366, height: 900 });
  for (const img of await page.getByRole('img').all()) await img.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, 0));
  const width = viewport === 'desktop' ? 1366 : VIEWPORTS.mobile.width;
  await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
}

/** ₹1,234.50 — the PDF's amounts: Indian grouping, always the paise. */
const rupees = new Intl.NumberFormat('en-IN');
const asOnPdf = (paise: number) =>
  `₹${rupees.format(Math.floor(paise / 100))}.${String(paise % 100).padStart(2, '0')}`;

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

let product: Product;
beforeAll(async () => {
  const products = await catalogue();
  product = products.find((p) => Object.values(p.stock ?? {}).some((n) => n > 5))!;
  if (!product) throw new Error('The seed has no product in stock.');
});

describe('the tax invoice on /orders/:id', () => {
  it('paid online: the page lists the invoice; Download saves the PDF, which says what the law asks; a cancellation adds the credit note', async () => {
    const shopper = await loggedInShopper();
    const size = Object.entries(product.stock ?? {}).find(([, n]) => n > 5)![0];
    const orderId = await placePaidRazorpayOrder(shopper.token, [
      { itemId: product._id, size, quantity: 1 },
    ]);
    // Back from the payment window: /verify settles the payment, which issues the invoice.
    const { page } = await openPage(`/verify?success=true&orderId=${orderId}`, {
      storage: shopper.storage,
    });
    await page.waitForURL((url) => url.pathname === `/orders/${orderId}`);
    const row = page.getByTestId('tax-document').filter({ hasText: 'Tax invoice' });
    await row.waitFor();
    const number = await row.getByTestId('tax-document-number').innerText();
    expect(number).toMatch(/^VS\/\d{2}-\d{2}\/\d{6}$/);
    const order = await orderDetail(shopper.token, orderId);
    const [invoice] = order.documents;
    expect(invoice?.number).toBe(number);
    expect(await row.getByTestId('tax-document-total').innerText()).toBe(
      // The invoice is for what was paid.
      `₹${rupees.format(order.amount)}`,
    );
    await shoot(page, 'order-tax-documents', 'desktop');

    const button = row.getByRole('button', { name: `Download PDF of Tax invoice ${number}` });
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(`${number.replaceAll('/', '-')}.pdf`);
    const pdf = await bytesOf((await download.createReadStream())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await expect.poll(() => button.textContent()).toMatch(/^Download PDF /);

    const text = await pdfText(pdf);
    expect(text).toContain(number);
    expect(text).toContain(DEMO_SELLER.gstin);
    const hsn = HSN_BY_CATEGORY[product.category as Category];
    expect(text).toContain(hsn);
    // Bengaluru (560001) is in the seller's state: CGST and SGST, figured here from the rules.
    const lines = invoiceTaxLines({
      goods: [{ description: product.name, hsn, quantity: 1, price: product.price }],
      deliveryFee: order.deliveryFee,
      discount: order.discount,
      intraState: true,
      at: new Date(invoice!.issuedAt),
    });
    const totals = taxTotals(lines);
    expect(text).toMatch(/CGST.*SGST/);
    expect(text).not.toContain('IGST');
    expect(totals.totalPaise).toBe(order.amount * 100);
    expect(totals.cgstPaise).toBeGreaterThan(0);
    for (const amount of [
      ...lines.flatMap((l) => [l.cgstPaise, l.sgstPaise, l.taxablePaise]),
      totals.cgstPaise,
      totals.taxablePaise,
      totals.totalPaise,
    ])
      expect(text).toContain(asOnPdf(amount));
    pdfPictures(pdf, 'invoice', 1);

    // The same page on a phone: the list fits 360 px, nothing scrolls sideways.
    const phone = await openPage(`/orders/${orderId}`, {
      viewport: 'mobile',
      storage: shopper.storage,
    });
    await phone.page.getByTestId('tax-document').first().waitFor();
    const { scroll, client } = await phone.page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(scroll).toBeLessThanOrEqual(client);
    await shoot(phone.page, 'order-tax-documents', 'mobile');

    // The admin downloads the same invoice from the order's admin page.
    const owner = await openPage(`/admin/orders/${orderId}`, {
      storage: { token: await loginToken(admin) },
    });
    const adminRow = owner.page.getByTestId('tax-document').filter({ hasText: number });
    const [adminDownload] = await Promise.all([
      owner.page.waitForEvent('download'),
      adminRow.getByRole('button').click(),
    ]);
    expect(adminDownload.suggestedFilename()).toBe(download.suggestedFilename());
    expect(await bytesOf((await adminDownload.createReadStream())!)).toEqual(pdf);

    // Cancelled on the phone before it ships: the refund comes with a credit note for all of it.
    await phone.page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = phone.page.getByRole('dialog', { name: `Cancel order #${order.orderNumber}?` });
    await dialog.getByLabel('Why are you cancelling?').selectOption('Ordered by mistake');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await dialog.waitFor({ state: 'detached' });
    const note = phone.page.getByTestId('tax-document').filter({ hasText: 'Credit note' });
    await note.waitFor();
    const noteNumber = await note.getByTestId('tax-document-number').innerText();
    expect(noteNumber).toMatch(/^CN\/\d{2}-\d{2}\/\d{6}$/);
    expect(await note.innerText()).toContain(`Against ${number}`);
    expect(await note.getByTestId('tax-document-total').innerText()).toBe(
      `₹${rupees.format(order.amount)}`,
    );
    await shoot(phone.page, 'order-credit-note', 'mobile');
    const [noteDownload] = await Promise.all([
      phone.page.waitForEvent('download'),
      note.getByRole('button').click(),
    ]);
    expect(noteDownload.suggestedFilename()).toBe(`${noteNumber.replaceAll('/', '-')}.pdf`);
    const notePdf = await bytesOf((await noteDownload.createReadStream())!);
    const noteText = await pdfText(notePdf);
    expect(noteText).toContain(noteNumber);
    expect(noteText).toContain(number);
    expect(noteText).toContain(DEMO_SELLER.gstin);
    expect(noteText).toContain(asOnPdf(totals.cgstPaise));
    expect(noteText).toContain(asOnPdf(order.amount * 100));
    pdfPictures(notePdf, 'credit-note', 1);
  });
});
