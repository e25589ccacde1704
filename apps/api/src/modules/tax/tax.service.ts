import { eq } from 'drizzle-orm';
import type { Category } from '@vastra/shared/constants';
import type { Address, OrderItem } from '@vastra/shared/schemas/order';
import { HSN_BY_CATEGORY } from '@vastra/shared/tax/gst-rates';
import { stateByName } from '@vastra/shared/tax/indian-states';
import { invoiceTaxLines, type TaxLine } from '@vastra/shared/tax/tax-lines';
import type { SellerIdentity } from '../../config';
import type { Database } from '../../db/client';
import { returnRequests, type RefundRow } from '../../db/schema/after-sale';
import type { OrderRow } from '../../db/schema/orders';
import type {
  BuyerSnapshot,
  SellerSnapshot,
  TaxDocumentLineRow,
  TaxDocumentRow,
} from '../../db/schema/tax-documents';
import { lookUpPin } from '../../lib/pin-directory';
import {
  creditReturn,
  creditWhatIsLeft,
  leftOfInvoice,
  type DocumentLine,
  type ReturnedLine,
} from './credit-lines';
import type { TaxDesk } from './tax-desk';
import {
  creditNoteOfRefund,
  creditedLinesOf,
  insertTaxDocument,
  invoiceOfOrder,
  linesOfDocument,
} from './tax-documents.repository';

/*
 * The tax desk (docs/decisions/123-gst-invoices.md, 124-tax-invoices-api.md): invoices and credit
 * notes, written in the caller's transaction, which holds the order row locked, so two callers
 * (the webhook and the browser's check, two admins) cannot both issue one.
 */

/**
 * The GST state code of the place of supply: the delivery PIN code's state in India Post's
 * directory, else the state the shopper typed when it names one, else the seller's own state
 * (the law's rule for a B2C supply whose address is not known).
 */
export function placeOfSupply(
  address: Pick<Address, 'zipcode' | 'state'>,
  seller: Pick<SellerIdentity, 'stateCode'>,
): string {
  return (
    lookUpPin(address.zipcode)?.state.code ??
    (address.state ? stateByName(address.state)?.code : undefined) ??
    seller.stateCode
  );
}

/** The buyer as the order names them: street, city, the state as typed, PIN. */
function buyerOf(address: Address): BuyerSnapshot {
  const state = address.state?.trim();
  return {
    name: `${address.firstName} ${address.lastName}`.trim(),
    address: [address.street, address.city, ...(state ? [state] : []), address.zipcode].join(', '),
    phone: address.phone,
    email: address.email,
  };
}

function sellerSnapshot(seller: SellerIdentity): SellerSnapshot {
  return {
    legalName: seller.legalName,
    address: seller.address,
    stateCode: seller.stateCode,
    stateName: seller.stateName,
    gstin: seller.gstin,
    signatory: seller.signatory,
    ...(seller.demo ? { demo: true } : {}),
  };
}

/** How an order line reads on the invoice: "Linen Shirt — Size M". */
function goodsDescription(item: Pick<OrderItem, 'name' | 'size'>): string {
  return `${item.name} — Size ${item.size}`;
}

/**
 * The item's HSN: its snapshot (orders placed since HSN codes were kept), else its category's.
 * A category the table does not know (none exist today) is invoiced as a shirt's chapter.
 */
function hsnOf(item: OrderItem): string {
  return item.hsn ?? HSN_BY_CATEGORY[item.category as Category] ?? HSN_BY_CATEGORY.SHIRTS;
}

const asDocumentLine = (row: TaxDocumentLineRow): DocumentLine => ({
  description: row.description,
  hsn: row.hsn,
  quantity: row.quantity,
  ratePercent: row.ratePercent,
  totalPaise: row.totalPaise,
});

const isIntraState = (document: Pick<TaxDocumentRow, 'seller' | 'placeOfSupply'>) =>
  document.seller.stateCode === document.placeOfSupply;

/**
 * The returned lines of a return's refund, each matched to the invoice's goods line it came from
 * (by product and size: the invoice's goods lines are the order's lines, in order). Undefined when
 * one does not match or they do not add up to the refund: the refund is then credited as any
 * other (what is left of the invoice, in proportion).
 */
async function returnedLines(
  tx: Database,
  order: OrderRow,
  refund: RefundRow,
  invoiceLines: readonly DocumentLine[],
): Promise<ReturnedLine[] | undefined> {
  if (!refund.returnId) return undefined;
  const [request] = await tx
    .select({ lines: returnRequests.lines })
    .from(returnRequests)
    .where(eq(returnRequests.id, refund.returnId));
  if (!request) return undefined;
  const matched: ReturnedLine[] = [];
  for (const line of request.lines) {
    const index = order.items.findIndex((i) => i._id === line.productId && i.size === line.size);
    const invoiceLine = index >= 0 ? invoiceLines[index] : undefined;
    if (!invoiceLine) return undefined;
    matched.push({ invoiceLine, quantity: line.quantity, refundPaise: line.refundPaise });
  }
  const total = matched.reduce((a, l) => a + l.refundPaise, 0);
  return total === refund.amountPaise ? matched : undefined;
}

export function createTaxDesk(deps: { seller: SellerIdentity }): TaxDesk {
  const { seller } = deps;

  return {
    async issueInvoice(tx, order, at) {
      const existing = await invoiceOfOrder(tx, order.id);
      if (existing) return existing;
      const supply = placeOfSupply(order.address, seller);
      const lines = invoiceTaxLines({
        goods: order.items.map((item) => ({
          description: goodsDescription(item),
          hsn: hsnOf(item),
          quantity: item.quantity,
          price: item.price,
        })),
        deliveryFee: order.deliveryFee,
        discount: order.discount,
        intraState: supply === seller.stateCode,
        at,
      });
      return insertTaxDocument(
        tx,
        {
          kind: 'invoice',
          orderId: order.id,
          invoiceId: null,
          refundId: null,
          issuedAt: at,
          seller: sellerSnapshot(seller),
          buyer: buyerOf(order.address),
          placeOfSupply: supply,
        },
        lines,
      );
    },

    async issueCreditNote(tx, { order, refund, at }) {
      const invoice = await invoiceOfOrder(tx, order.id);
      if (!invoice) return null;
      const existing = await creditNoteOfRefund(tx, refund.id);
      if (existing) return existing;
      const invoiceLines = (await linesOfDocument(tx, invoice.id)).map(asDocumentLine);
      const intraState = isIntraState(invoice);
      const returned = await returnedLines(tx, order, refund, invoiceLines);
      const lines: TaxLine[] = returned
        ? creditReturn(returned, intraState)
        : creditWhatIsLeft(
            leftOfInvoice(
              invoiceLines,
              (await creditedLinesOf(tx, invoice.id)).map(asDocumentLine),
            ),
            refund.amountPaise,
            intraState,
          );
      return insertTaxDocument(
        tx,
        {
          kind: 'credit_note',
          orderId: order.id,
          invoiceId: invoice.id,
          refundId: refund.id,
          issuedAt: at,
          // Seller, buyer and place of supply are the invoice's: the note corrects that supply.
          seller: invoice.seller,
          buyer: invoice.buyer,
          placeOfSupply: invoice.placeOfSupply,
        },
        lines,
      );
    },
  };
}
