import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ORDER_STATUS } from '@vastra/shared/schemas/order';
import { PAYMENT_STATE_LABELS } from '@vastra/shared/order-life/payment-state';
import { REFUND_STATUS_LABELS } from '@vastra/shared/order-life/refunds';
import { RETURN_STATE_LABELS } from '@vastra/shared/order-life/returns';
import { formatPaise, formatPrice } from '@vastra/shared/pricing/money';
import type { OrderDetail, ReturnRequest } from '@vastra/shared/schemas/order-life';
import { TotalsList } from '@/components/ui/totals-list';
import { invoiceDue, TAX_DOCUMENT_TEXT } from '@/components/tax-documents/document-words';
import { TaxDocumentList } from '@/components/tax-documents/tax-document-list';
import { PAYMENT_METHOD_LABELS } from '../messages';
import { OrderItemRow } from '../order-card';
import { reviewFormPath } from '@/lib/review-link';
import { formatOrderDate } from '../order-format';
import {
  eventDetail,
  eventWords,
  formatDateTime,
  formatWindow,
  ORDER_PAGE_TEXT,
  paidWithLabel,
} from './order-life-text';

/** A titled block of the order page. */
function Section({
  title,
  testId,
  children,
}: {
  title: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section data-testid={testId} className="border border-line bg-white/60">
      <h2 className="border-b border-line px-4 py-3 text-xs font-medium tracking-[0.16em] uppercase sm:px-5">
        {title}
      </h2>
      <div className="px-4 py-4 text-sm sm:px-5">{children}</div>
    </section>
  );
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex justify-between gap-4 py-1">
      <dt className="text-muted">{label}</dt>
      <dd data-testid={testId} className="text-right">
        {children}
      </dd>
    </div>
  );
}

/** The lines; once delivered, each product links to its review form (docs/decisions/136). */
export function ItemsSection({ order }: { order: OrderDetail }) {
  const delivered = order.status === ORDER_STATUS.delivered;
  return (
    <section aria-labelledby="order-items-title" className="border border-line bg-white/60">
      <h2
        id="order-items-title"
        className="border-b border-line px-4 py-3 text-xs font-medium tracking-[0.16em] uppercase sm:px-5"
      >
        Items
      </h2>
      <ul className="divide-y divide-line">
        {order.items.map((item, i) => (
          <OrderItemRow
            key={`${item._id}:${item.size}`}
            item={item}
            action={
              // Delivered: each product may be rated, once (the first line of it offers it).
              delivered && order.items.findIndex((other) => other._id === item._id) === i ? (
                <Link
                  to={reviewFormPath(item)}
                  data-testid="order-item-review"
                  className="mt-2 inline-block text-sm font-medium underline underline-offset-4 hover:text-accent-dark"
                >
                  Rate &amp; review
                </Link>
              ) : undefined
            }
          />
        ))}
      </ul>
    </section>
  );
}

/** Where the parcel is: the promised window, the courier and tracking once shipped, delivered. */
export function DeliverySection({ order }: { order: OrderDetail }) {
  const { address, shipment } = order;
  const open = order.status !== 'Cancelled' && order.status !== 'Payment Failed';
  return (
    <Section title="Delivery" testId="order-delivery">
      <dl>
        {order.deliveredAt !== null ? (
          <Row label="Delivered" testId="order-delivered-at">
            {formatDateTime(order.deliveredAt)}
          </Row>
        ) : (
          open &&
          order.expectedDelivery && (
            <Row label="Expected" testId="order-expected">
              {formatWindow(order.expectedDelivery)}
            </Row>
          )
        )}
        {shipment && (
          <>
            <Row label="Courier" testId="order-courier">
              {shipment.courier}
            </Row>
            <Row label="Tracking number" testId="order-tracking">
              <span className="font-mono break-all">{shipment.trackingNumber}</span>
            </Row>
            <Row label="Shipped">{formatDateTime(shipment.shippedAt)}</Row>
          </>
        )}
      </dl>
      <address data-testid="order-address" className="mt-3 border-t border-line pt-3 not-italic">
        <span className="font-medium">
          {address.firstName} {address.lastName}
        </span>
        <br />
        {address.street}
        <br />
        {address.city}
        {address.state ? `, ${address.state}` : ''} {address.zipcode}
        <br />
        {address.country} · {address.phone}
      </address>
    </Section>
  );
}

export function PaymentSection({ order }: { order: OrderDetail }) {
  const paidWith = paidWithLabel(order.paidWith);
  return (
    <Section title="Payment" testId="order-payment-section">
      <TotalsList
        rows={[
          { label: 'Subtotal', amount: formatPrice(order.subtotal), testId: 'order-subtotal' },
          {
            label: 'Delivery',
            amount: order.deliveryFee === 0 ? 'Free' : formatPrice(order.deliveryFee),
            testId: 'order-delivery-fee',
          },
          ...(order.discount > 0
            ? [
                {
                  label: order.coupon ? `Discount (${order.coupon})` : 'Discount',
                  amount: `−${formatPrice(order.discount)}`,
                  saving: true,
                  testId: 'order-discount',
                },
              ]
            : []),
        ]}
        total={{ label: 'Total', amount: formatPrice(order.amount), testId: 'order-total' }}
      />
      <dl className="mt-4 border-t border-line pt-3">
        <Row label="Method" testId="order-method">
          {PAYMENT_METHOD_LABELS[order.paymentMethod]}
        </Row>
        <Row label="Payment" testId="order-payment-state">
          {PAYMENT_STATE_LABELS[order.paymentState]}
        </Row>
        {paidWith && (
          <Row label="Paid with" testId="order-paid-with">
            {paidWith}
          </Row>
        )}
        {order.paidAt !== null && <Row label="Paid on">{formatDateTime(order.paidAt)}</Row>}
      </dl>
    </Section>
  );
}

/**
 * The order's tax invoice and credit notes to download, or when its invoice will come
 * (docs/decisions/127-invoice-downloads.md); nothing for an order that will have none.
 */
export function TaxDocumentsSection({ order }: { order: OrderDetail }) {
  const due = invoiceDue(order);
  if (order.documents.length === 0 && due === null) return null;
  return (
    <Section title={TAX_DOCUMENT_TEXT.title} testId="order-documents">
      <TaxDocumentList
        documents={order.documents}
        pending={due && TAX_DOCUMENT_TEXT.shopperPending[due]}
        formatDate={formatOrderDate}
      />
    </Section>
  );
}

export function RefundsSection({ order }: { order: OrderDetail }) {
  if (order.refunds.length === 0) return null;
  return (
    <Section title="Refunds" testId="order-refunds">
      <ul className="space-y-3">
        {order.refunds.map((refund) => (
          <li key={refund._id} data-testid="order-refund" className="space-y-0.5">
            <p className="flex justify-between gap-3">
              <span data-testid="refund-amount" className="font-medium tabular-nums">
                {formatPaise(refund.amountPaise)}
              </span>
              <span data-testid="refund-status">{REFUND_STATUS_LABELS[refund.status]}</span>
            </p>
            <p className="text-xs text-muted">
              {refund.method === 'upi_payout'
                ? `By UPI to ${refund.upiId ?? 'your UPI ID'}`
                : 'To your original payment method'}
              {refund.status === 'processed' && refund.processedAt !== null
                ? ` · refunded on ${formatOrderDate(refund.processedAt)}`
                : refund.status === 'pending'
                  ? ` · usually within ${ORDER_PAGE_TEXT.refundDays}`
                  : ''}
            </p>
            {refund.reference && (
              <p className="text-xs break-all text-muted">Reference: {refund.reference}</p>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function ReturnsSection({ order }: { order: OrderDetail }) {
  if (order.returns.length === 0) return null;
  return (
    <Section title="Returns and exchanges" testId="order-returns">
      <ul className="space-y-4">
        {order.returns.map((request) => (
          <ReturnRow key={request._id} request={request} />
        ))}
      </ul>
    </Section>
  );
}

function ReturnRow({ request }: { request: ReturnRequest }) {
  return (
    <li data-testid="order-return" className="space-y-1">
      <p className="flex flex-wrap justify-between gap-x-3">
        <span className="font-medium">
          {request.kind === 'exchange' ? 'Exchange' : 'Return for refund'}
        </span>
        <span data-testid="return-state">{RETURN_STATE_LABELS[request.state]}</span>
      </p>
      <ul className="text-xs text-muted">
        {request.lines.map((line) => (
          <li key={`${line.productId}:${line.size}`}>
            {line.quantity} × {line.name}, size {line.size}
            {line.exchangeSize ? ` → size ${line.exchangeSize}` : ''}
          </li>
        ))}
      </ul>
      {request.kind === 'refund' && request.refundPaise > 0 && (
        <p className="text-xs">Refund: {formatPaise(request.refundPaise)}</p>
      )}
      {request.exchangeShipment && (
        <p className="text-xs">
          New size sent by {request.exchangeShipment.courier}, tracking{' '}
          <span className="font-mono">{request.exchangeShipment.trackingNumber}</span>
        </p>
      )}
      {request.adminNote && <p className="text-xs text-muted">“{request.adminNote}”</p>}
      <p className="text-xs text-muted">Asked on {formatOrderDate(request.createdAt)}</p>
    </li>
  );
}

/** The order's history, newest first: what the shopper came to see is what happened last. */
export function TimelineSection({ order }: { order: OrderDetail }) {
  const events = [...order.timeline].sort((a, b) => b.at - a.at);
  return (
    <section aria-labelledby="order-timeline-title" className="border border-line bg-white/60">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 border-b border-line px-4 py-3 sm:px-5">
        <h2 id="order-timeline-title" className="text-xs font-medium tracking-[0.16em] uppercase">
          Order history
        </h2>
        <p className="text-xs text-muted">{ORDER_PAGE_TEXT.timesNote}</p>
      </div>
      <ol data-testid="order-timeline" className="px-4 py-4 sm:px-5">
        {events.map((event, i) => {
          const detail = eventDetail(event);
          return (
            <li
              key={`${event.at}:${i}`}
              data-testid="timeline-event"
              className="relative border-l border-line pb-4 pl-5 last:pb-0"
            >
              <span
                aria-hidden="true"
                className={`absolute top-1 -left-[5px] h-2.5 w-2.5 rounded-full ${
                  i === 0 ? 'bg-ink' : 'bg-line'
                }`}
              />
              <p data-testid="timeline-words" className={i === 0 ? 'font-medium' : ''}>
                {eventWords(event)}
              </p>
              <p className="text-xs text-muted">
                <time dateTime={new Date(event.at).toISOString()}>{formatDateTime(event.at)}</time>
              </p>
              {detail && <p className="mt-0.5 text-xs text-muted">{detail}</p>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
