import { REFUND_DAYS, SHOP_NAME } from '@vastra/shared/constants';
import { formatPaise } from '@vastra/shared/pricing/money';
import type { ReturnRequestRow } from '../../db/schema/after-sale';
import type { OrderRow } from '../../db/schema/orders';
import type { Mail } from '../../providers/mailer/mailer';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The account the order belongs to: its own e-mail (decision 097), never the delivery one. */
interface MailAccount {
  name: string;
  email: string;
}

/** The steps of a return the shopper hears about (docs/decisions/120-returns-and-exchanges.md). */
export type ReturnNews = 'approved' | 'rejected' | 'picked_up' | 'exchange_shipped';

function paragraphs(news: ReturnNews, request: ReturnRequestRow): string[] {
  const exchange = request.kind === 'exchange';
  const what = exchange ? 'exchange' : 'return';
  switch (news) {
    case 'approved':
      return [
        `Your ${what} request has been approved. Our courier will contact you to pick up the items.`,
        ...(request.adminNote ? [`Note from us: ${request.adminNote}`] : []),
      ];
    case 'rejected':
      return [
        `We are sorry: your ${what} request could not be accepted.`,
        ...(request.adminNote ? [`Reason: ${request.adminNote}`] : []),
      ];
    case 'picked_up':
      return [
        'The items have been picked up.',
        exchange
          ? 'Once they reach our warehouse we send you the new size.'
          : `Once they reach our warehouse we refund ${formatPaise(request.refundPaise)}; it takes ${REFUND_DAYS.min}–${REFUND_DAYS.max} business days to arrive.`,
      ];
    case 'exchange_shipped':
      return [
        'Your new size is on its way, at no extra cost.',
        `Courier: ${request.exchangeCourier ?? ''}, tracking number: ${request.exchangeTrackingNumber ?? ''}.`,
      ];
  }
}

const SUBJECT: Record<ReturnNews, (what: string) => string> = {
  approved: (what) => `${what} approved`,
  rejected: (what) => `${what} not accepted`,
  picked_up: () => 'items picked up',
  exchange_shipped: () => 'new size shipped',
};

/** A plain mail about one step of a return or exchange, to the account's own address. */
export function returnMail(
  news: ReturnNews,
  request: ReturnRequestRow,
  order: Pick<OrderRow, 'orderNumber'>,
  account: MailAccount,
): Mail {
  const ref = `#${order.orderNumber}`;
  const what = request.kind === 'exchange' ? 'Exchange' : 'Return';
  const items = request.lines.map(
    (l) => `${l.name} (${l.size}${l.exchangeSize ? ` → ${l.exchangeSize}` : ''}) × ${l.quantity}`,
  );
  const body = paragraphs(news, request);
  const text = [
    `Hello ${account.name},`,
    '',
    `${what} for your order ${ref} at ${SHOP_NAME}:`,
    ...items,
    '',
    ...body,
  ].join('\n');
  const html = `<p>Hello ${escape(account.name)},</p><p>${what} for your order <strong>${ref}</strong> at ${SHOP_NAME}:</p><ul>${items
    .map((i) => `<li>${escape(i)}</li>`)
    .join('')}</ul>${body.map((p) => `<p>${escape(p)}</p>`).join('')}`;
  return {
    to: account.email,
    subject: `${SHOP_NAME}: order ${ref}, ${SUBJECT[news](what.toLowerCase())}`,
    text,
    html,
  };
}
