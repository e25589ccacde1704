import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { ORDER_STATUS } from '@vastra/shared/schemas/order';
import { TAX_DOCUMENT_MESSAGES } from '@vastra/shared/schemas/tax-documents';
import { gstinCheckCharacter } from '@vastra/shared/tax/gstin';
import { financialYear } from '@vastra/shared/tax/document-number';
import { DEMO_SELLER } from '../../config';
import { orders } from '../../db/schema/orders';
import { taxDocumentLines, taxDocuments } from '../../db/schema/tax-documents';
import {
  ADDRESS,
  fillCart,
  loggedInAdmin,
  loggedInShopper,
  payInEmulator,
} from '../../test/fixtures';
import { pdfItems, pdfPictures, pdfText, type PdfTextItem } from '../../test/pdf-text';
import { useTestApp } from '../../test/use-test-app';

/*
 * Tax invoices and credit notes through the real app (docs/decisions/124-tax-invoices-api.md):
 * issued in the transactions of the order life, downloaded as PDFs, mailed with the Delivered
 * step through a real SMTP server.
 */

const t = useTestApp({
  // Webhooks go nowhere: the tests hand them to the shop themselves (a replay is then in our hands).
  env: { RAZORPAY_EMULATOR_WEBHOOK_URL: 'http://127.0.0.1:9/api/webhooks/razorpay' },
  smtp: true,
  listen: true,
});

type Session = { token: string; userId: string; email: string };

let admin: Session;
beforeEach(async () => {
  admin = await loggedInAdmin(t.app, t.db);
});

async function call(method: 'GET' | 'POST', url: string, token: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: { token },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.statusCode, body: res.json<any>() };
}

const get = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url, headers: { token } });

const DELHI = {
  ...ADDRESS,
  street: '4 Janpath',
  city: 'New Delhi',
  state: 'Delhi',
  zipcode: '110001',
};

const documentsOf = (orderId: string) =>
  t.db
    .select()
    .from(taxDocuments)
    .where(eq(taxDocuments.orderId, orderId))
    .orderBy(asc(taxDocuments.kind), asc(taxDocuments.sequence));
const linesOf = (documentId: string) =>
  t.db
    .select()
    .from(taxDocumentLines)
    .where(eq(taxDocumentLines.documentId, documentId))
    .orderBy(asc(taxDocumentLines.lineNo));
const orderRow = async (id: string) =>
  (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

/** An online order of `lines` ([price, quantity], size M), paid with a good card and checked. */
async function paidOnlineOrder(lines: [number, number][], address = ADDRESS) {
  const user = await loggedInShopper(t.app, t.db, 'tax');
  const productIds = await fillCart(t.db, user.userId, lines);
  const placed = await call('POST', '/api/order/razorpay', user.token, { address });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const providerOrderId = placed.body.order.id as string;
  const paid = await payInEmulator(t, providerOrderId, {
    card: { number: '4111 1111 1111 1111', expiry: '12/39', cvv: '123' },
  });
  const verified = await call('POST', '/api/order/verifyRazorpay', user.token, paid);
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return { user, orderId: placed.body.orderId as string, providerOrderId, productIds };
}

/** A cash-on-delivery order of `lines` ([price, quantity], size M), one ₹1000 × 2 line unless told. */
async function codOrder(lines: [number, number][] = [[1000, 2]]) {
  const user = await loggedInShopper(t.app, t.db, 'tax-cod');
  await fillCart(t.db, user.userId, lines);
  const placed = await call('POST', '/api/order/place', user.token, { address: ADDRESS });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return { user, orderId: placed.body.orderId as string };
}

/** The admin's steps from Order Placed to Delivered. */
async function deliver(orderId: string) {
  const steps: Record<string, unknown>[] = [
    { status: ORDER_STATUS.packing },
    { status: ORDER_STATUS.shipped, courier: 'Delhivery', trackingNumber: 'DL123456789' },
    { status: ORDER_STATUS.outForDelivery },
    { status: ORDER_STATUS.delivered },
  ];
  for (const step of steps) {
    const res = await call('POST', `/api/admin/orders/${orderId}/status`, admin.token, step);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

const sum = (lines: { totalPaise: number }[]) => lines.reduce((a, l) => a + l.totalPaise, 0);
const fy = () => financialYear(new Date());

describe('the invoice of an online order', () => {
  it('is written when the payment settles, once, however often the webhooks come', async () => {
    const { user, orderId, providerOrderId } = await paidOnlineOrder([
      [2499, 1],
      [2999, 1],
    ]);
    await t.app.payments.emulator!.webhooks.idle();
    const hooks = t.app.payments
      .emulator!.webhooks.deliveries()
      .filter((d) => d.body.includes(providerOrderId));
    expect(hooks.length).toBeGreaterThan(0);
    // The webhooks arrive after the browser's check, and again (new event ids: real replays).
    for (const hook of [...hooks, ...hooks]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/razorpay',
        payload: hook.body,
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': hook.signature,
          'x-razorpay-event-id': `evt_${crypto.randomUUID()}`,
        },
      });
      expect(res.statusCode).toBe(200);
    }
    const order = await orderRow(orderId);
    const documents = await documentsOf(orderId);
    expect(documents).toHaveLength(1);
    const [invoice] = documents;
    expect(invoice).toMatchObject({
      kind: 'invoice',
      number: `VS/${fy()}/000001`,
      sequence: 1,
      placeOfSupply: '29',
      totalPaise: order.amount * 100,
      igstPaise: 0,
      seller: { gstin: DEMO_SELLER.gstin, stateCode: '29', demo: true },
      buyer: { name: 'Asha Rao', phone: ADDRESS.phone },
    });
    const lines = await linesOf(invoice!.id);
    // Intra-state (560001 is Karnataka, the demo seller's state): CGST = SGST on every line.
    for (const line of lines) {
      expect(line.cgstPaise).toBe(line.sgstPaise);
      expect(line.igstPaise).toBe(0);
      expect(line.taxablePaise + line.cgstPaise + line.sgstPaise).toBe(line.totalPaise);
    }
    expect(sum(lines)).toBe(order.amount * 100);
    // The goods lines are the order's lines, in order (a cart's order may vary): ₹2,499 at 5 %,
    // ₹2,999 at 18 %; the delivery at the highest rate.
    expect(lines.map((l) => [l.hsn, l.ratePercent])).toEqual([
      ...order.items.map((item) => ['620520', item.price === 2499 ? 5 : 18]),
      ...(order.deliveryFee > 0 ? [['996812', 18]] : []),
    ]);
    expect(lines[0]!.description).toBe(`${order.items[0]!.name} — Size M`);
    // The order items keep the HSN and MRP they were sold with.
    expect(order.items[0]).toMatchObject({ hsn: '620520' });

    // The shopper's order page lists it with its download.
    const detail = await call('GET', `/api/order/${orderId}`, user.token);
    expect(detail.body.order.documents).toEqual([
      expect.objectContaining({
        _id: invoice!.id,
        number: invoice!.number,
        pdfUrl: `/api/order/${orderId}/documents/${invoice!.id}`,
      }),
    ]);
  });

  it('is inter-state (IGST only) for a delivery to Delhi', async () => {
    const { orderId } = await paidOnlineOrder([[1500, 2]], DELHI);
    const [invoice] = await documentsOf(orderId);
    expect(invoice).toMatchObject({ placeOfSupply: '07', cgstPaise: 0, sgstPaise: 0 });
    expect(invoice!.igstPaise).toBeGreaterThan(0);
    for (const line of await linesOf(invoice!.id)) {
      expect(line).toMatchObject({ cgstPaise: 0, sgstPaise: 0 });
      expect(line.taxablePaise + line.igstPaise).toBe(line.totalPaise);
    }
  });
});

describe('the invoice of a cash-on-delivery order', () => {
  it('is written when it is delivered, not before, and mailed with the Delivered mail', async () => {
    const { user, orderId } = await codOrder();
    expect(await documentsOf(orderId)).toEqual([]);
    await deliver(orderId);
    const documents = await documentsOf(orderId);
    expect(documents).toHaveLength(1);
    const order = await orderRow(orderId);
    expect(documents[0]).toMatchObject({ kind: 'invoice', totalPaise: order.amount * 100 });
    const filename = `${documents[0]!.number.replace(/\//g, '-')}.pdf`;

    // The Delivered mail reaches the real SMTP server with the invoice attached.
    await expect
      .poll(() => t.smtp.mailsTo(user.email).filter((m) => /is Delivered/.test(m.subject)).length, {
        timeout: 10_000,
      })
      .toBe(1);
    const mail = t.smtp.mailsTo(user.email).find((m) => /is Delivered/.test(m.subject))!;
    expect(mail.raw).toMatch(/Content-Type: application\/pdf; name=/);
    expect(mail.raw).toContain(`filename=${filename}`);
    const base64 = mail.raw
      .split(/\r?\n\r?\n/)
      .find((part, i, parts) => i > 0 && /application\/pdf/.test(parts[i - 1] ?? ''));
    const pdf = Buffer.from((base64 ?? '').replace(/\s+/g, ''), 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pdfText(pdf)).toContain(documents[0]!.number);
    // Earlier steps' mails carry nothing.
    const shipped = t.smtp.mailsTo(user.email).find((m) => /is Shipped/.test(m.subject));
    expect(shipped?.raw).not.toMatch(/application\/pdf/);
  });
});

describe('downloading a document', () => {
  it('gives the shopper their own invoice as a PDF, the same bytes each time, with what the law asks', async () => {
    const { user, orderId } = await paidOnlineOrder([[2999, 1]]);
    const [invoice] = await documentsOf(orderId);
    const url = `/api/order/${orderId}/documents/${invoice!.id}`;
    const res = await get(url, user.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="VS-${fy()}-000001.pdf"`);
    expect(res.rawPayload.equals((await get(url, user.token)).rawPayload)).toBe(true);
    const text = await pdfText(res.rawPayload);
    const [line] = await linesOf(invoice!.id);
    const rupees = (paise: number) =>
      `₹${new Intl.NumberFormat('en-IN').format(Math.floor(paise / 100))}.${String(paise % 100).padStart(2, '0')}`;
    for (const expected of [
      'TAX INVOICE',
      'DEMO – NOT A TAX DOCUMENT',
      invoice!.number,
      DEMO_SELLER.gstin,
      '620520',
      '996812',
      'CGST',
      'SGST',
      'Karnataka (29)',
      rupees(line!.cgstPaise),
      rupees(line!.taxablePaise),
      rupees(invoice!.totalPaise),
      'Amount in words: Rupees',
      'Prices include GST.',
      `Authorised signatory: ${DEMO_SELLER.signatory}`,
    ])
      expect(text, expected).toContain(expected);
  });

  it('answers 404, not the file, for another shopper’s order or a document of another order', async () => {
    const mine = await paidOnlineOrder([[999, 1]]);
    const theirs = await paidOnlineOrder([[1099, 1]]);
    const [theirInvoice] = await documentsOf(theirs.orderId);
    for (const url of [
      // Their order, their document, my session.
      `/api/order/${theirs.orderId}/documents/${theirInvoice!.id}`,
      // My order, their document.
      `/api/order/${mine.orderId}/documents/${theirInvoice!.id}`,
      // My order, no such document.
      `/api/order/${mine.orderId}/documents/${crypto.randomUUID()}`,
    ]) {
      const res = await get(url, mine.user.token);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ success: false, message: TAX_DOCUMENT_MESSAGES.notFound });
    }
    const bad = await get(`/api/order/${mine.orderId}/documents/not-a-uuid`, mine.user.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ success: false, message: TAX_DOCUMENT_MESSAGES.notFound });
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/order/${theirs.orderId}/documents/${theirInvoice!.id}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('gives the admin any document; a shopper on the admin’s address gets 403', async () => {
    const { user, orderId } = await paidOnlineOrder([[1299, 1]]);
    const [invoice] = await documentsOf(orderId);
    const res = await get(`/api/admin/documents/${invoice!.id}`, admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const refused = await get(`/api/admin/documents/${invoice!.id}`, user.token);
    expect(refused.statusCode).toBe(403);
    const missing = await get(`/api/admin/documents/${crypto.randomUUID()}`, admin.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(TAX_DOCUMENT_MESSAGES.notFound);
    const detail = await call('GET', `/api/admin/orders/${orderId}`, admin.token);
    expect(detail.body.order.documents[0].pdfUrl).toBe(`/api/admin/documents/${invoice!.id}`);
  });
});

describe('credit notes', () => {
  it('credit the whole invoice when a paid online order is cancelled', async () => {
    const { user, orderId } = await paidOnlineOrder([
      [1200, 2],
      [2800, 1],
    ]);
    const cancelled = await call('POST', '/api/order/cancel', user.token, {
      orderId,
      reason: 'Changed my mind',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const [creditNote, invoice] = await documentsOf(orderId);
    expect(invoice!.kind).toBe('invoice');
    expect(creditNote).toMatchObject({
      kind: 'credit_note',
      number: `CN/${fy()}/000001`,
      invoiceId: invoice!.id,
      placeOfSupply: invoice!.placeOfSupply,
      taxablePaise: invoice!.taxablePaise,
      cgstPaise: invoice!.cgstPaise,
      sgstPaise: invoice!.sgstPaise,
      igstPaise: invoice!.igstPaise,
      totalPaise: invoice!.totalPaise,
    });
    const strip = (rows: Awaited<ReturnType<typeof linesOf>>) =>
      rows.map(({ documentId: _d, ...rest }) => rest);
    expect(strip(await linesOf(creditNote!.id))).toEqual(strip(await linesOf(invoice!.id)));
    const pdf = await get(`/api/order/${orderId}/documents/${creditNote!.id}`, user.token);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('CREDIT NOTE');
    // The invoice is named once, in the document's facts; the line above the table is the reason.
    expect(text.split('Against invoice').length - 1).toBe(1);
    expect(text).toContain(`${invoice!.number} dated `);
    expect(text).toContain('Reason: Order cancelled before delivery: the whole order is credited.');
    pdfPictures(pdf.rawPayload, 'credit-note-cancelled');
  });

  it('credit only the returned unit of a partial return, at its invoice line’s rate', async () => {
    const { user, orderId, productIds } = await paidOnlineOrder([[2999, 2]]);
    await deliver(orderId);
    const asked = await call('POST', '/api/order/return', user.token, {
      orderId,
      kind: 'refund',
      reason: 'Size too large',
      lines: [{ productId: productIds[0], size: 'M', quantity: 1 }],
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const returnId = asked.body.return._id as string;
    for (const to of ['approved', 'picked_up', 'received'])
      expect(
        (await call('POST', `/api/admin/returns/${returnId}/state`, admin.token, { to })).status,
      ).toBe(200);
    const [creditNote, invoice] = await documentsOf(orderId);
    const [invoiceLine] = await linesOf(invoice!.id);
    const creditLines = await linesOf(creditNote!.id);
    expect(creditNote!.totalPaise).toBe(asked.body.return.refundPaise);
    expect(creditLines).toEqual([
      expect.objectContaining({
        description: invoiceLine!.description,
        hsn: '620520',
        quantity: 1,
        ratePercent: invoiceLine!.ratePercent,
        totalPaise: asked.body.return.refundPaise,
      }),
    ]);
    expect(creditNote!.totalPaise).toBeLessThan(invoice!.totalPaise);
  });
});

describe('the PDF’s layout', () => {
  const rupees = (paise: number) =>
    `₹${new Intl.NumberFormat('en-IN').format(Math.floor(paise / 100))}.${String(paise % 100).padStart(2, '0')}`;
  /** The amount drawn whole on one line: one text item, not `₹1,02,422.7` and `3`. */
  const drawnWhole = (items: PdfTextItem[], amount: string) =>
    expect(
      items.some((item) => item.str === amount),
      `${amount} in ${items.map((i) => i.str).join(' | ')}`,
    ).toBe(true);

  it('draws totals of a lakh and more on one line, CGST and SGST at half the rate each, and room to sign', async () => {
    // ₹9,999 pieces at 18 %, ₹999 pieces at 5 %: a taxable value over ₹1 lakh.
    const { user, orderId } = await paidOnlineOrder([
      [9999, 10],
      [9999, 2],
      [999, 2],
    ]);
    const [invoice] = await documentsOf(orderId);
    expect(invoice!.taxablePaise).toBeGreaterThan(1_00_000_00);
    const res = await get(`/api/order/${orderId}/documents/${invoice!.id}`, user.token);
    const pages = await pdfItems(res.rawPayload);
    expect(pages).toHaveLength(1);
    const items = pages[0]!;
    for (const paise of [
      invoice!.taxablePaise,
      invoice!.cgstPaise,
      invoice!.sgstPaise,
      invoice!.totalPaise,
    ])
      drawnWhole(items, rupees(paise));
    const text = await pdfText(res.rawPayload);
    const lines = await linesOf(invoice!.id);
    expect(new Set(lines.map((l) => l.ratePercent))).toEqual(new Set([5, 18]));
    for (const line of lines)
      expect(text).toContain(
        `${rupees(line.cgstPaise)} @ ${line.ratePercent / 2}% ${rupees(line.sgstPaise)} @ ${line.ratePercent / 2}%`,
      );
    expect(text).toContain('@ 2.5%');
    expect(text).toContain('@ 9%');

    // The demo's legal name takes two lines; the signature still has its ~30 pt below them.
    const signatory = items.findIndex((i) => i.str.startsWith('Authorised signatory'));
    const forLine = items.findIndex((i) =>
      i.str.startsWith(`For ${DEMO_SELLER.legalName.slice(0, 10)}`),
    );
    expect(forLine).toBeGreaterThan(0);
    expect(signatory).toBeGreaterThan(forLine + 1);
    const lastForLine = items[signatory - 1]!;
    expect(items[signatory]!.y - lastForLine.y).toBeGreaterThanOrEqual(30 + lastForLine.height);
    pdfPictures(res.rawPayload, 'invoice-over-a-lakh');
  });

  it('draws a real seller’s long inter-state invoice over ₹10 lakh across pages, each amount on one line, IGST at its rate', async () => {
    // A seller in Maharashtra: the Bengaluru delivery is inter-state.
    const gstin = `27AAPFU0939F1Z${gstinCheckCharacter('27AAPFU0939F1Z')}`;
    await t.start({
      SELLER_LEGAL_NAME: 'Sahyadri Handloom Garments Private Limited',
      SELLER_ADDRESS:
        'Unit 14, Kohinoor Industrial Estate, Senapati Bapat Marg, Lower Parel, Mumbai 400013',
      SELLER_GSTIN: gstin,
      SELLER_SIGNATORY: 'Meera Kulkarni, Director',
    });
    // Cash on delivery: an online payment stops at ₹5 lakh.
    const { user, orderId } = await codOrder(
      Array.from({ length: 20 }, (_, i): [number, number] => [i % 2 ? 9999 : 2199, 10]),
    );
    await deliver(orderId);
    const [invoice] = await documentsOf(orderId);
    expect(invoice).toMatchObject({ placeOfSupply: '29', cgstPaise: 0, sgstPaise: 0 });
    expect(invoice!.seller).toMatchObject({ gstin, stateCode: '27' });
    expect(invoice!.seller.demo).toBeUndefined();
    expect(invoice!.totalPaise).toBeGreaterThan(10_00_000_00);
    const res = await get(`/api/order/${orderId}/documents/${invoice!.id}`, user.token);
    const pages = await pdfItems(res.rawPayload);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const items = pages.flat();
    for (const paise of [invoice!.taxablePaise, invoice!.igstPaise, invoice!.totalPaise])
      drawnWhole(items, rupees(paise));
    const lines = await linesOf(invoice!.id);
    for (const line of lines) {
      drawnWhole(items, rupees(line.totalPaise));
      drawnWhole(items, rupees(line.igstPaise));
    }
    const text = await pdfText(res.rawPayload);
    for (const line of lines)
      expect(text).toContain(`${rupees(line.igstPaise)} @ ${line.ratePercent}%`);
    expect(text).not.toContain('CGST');
    expect(text).not.toContain('DEMO');
    expect(text).toContain(`page ${pages.length} of ${pages.length}`);
    pdfPictures(res.rawPayload, 'invoice-inter-state-long');
  });
});
