import { REFUND_DAYS, SHOP_NAME } from '@vastra/shared/constants';
import { formatPaise } from '@vastra/shared/pricing/money';
import type { RefundRow } from '../../db/schema/after-sale';
import type { OrderRow } from '../../db/schema/orders';
import type { Mail } from '../../providers/mailer/mailer';
import type { AccountContact } from '../auth/auth.service';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Where the money went, in the shopper's words. */
function destination(refund: RefundRow, order: OrderRow): string {
  if (refund.method === 'upi_payout') return `your UPI ID ${refund.upiId ?? ''}`.trim();
  if (order.paidWith === 'card') return 'your card';
  if (order.paidWith === 'upi') return 'your UPI account';
  return 'your original payment method';
}

/**
 * "Refunded ₹X to your …": sent once, when a refund is processed (docs/decisions/119). To the
 * account's own address, as every order mail (decision 097).
 */
export function refundedMail(refund: RefundRow, order: OrderRow, account: AccountContact): Mail {
  const amount = formatPaise(refund.amountPaise);
  const to = destination(refund, order);
  const days = `${REFUND_DAYS.min}–${REFUND_DAYS.max} business days`;
  const when =
    refund.method === 'upi_payout'
      ? `It was sent by UPI${refund.payoutReference ? ` (reference ${refund.payoutReference})` : ''}; it usually shows at once, and always within ${days}.`
      : `It should show in your account within ${days}.`;
  const text = [
    `Hello ${account.name},`,
    '',
    `We have refunded ${amount} for your order #${order.orderNumber} to ${to}.`,
    when,
    '',
    `${SHOP_NAME}`,
  ].join('\n');
  const html = `<p>Hello ${escape(account.name)},</p><p>We have refunded <strong>${escape(amount)}</strong> for your order <strong>#${order.orderNumber}</strong> to ${escape(to)}.</p><p>${escape(when)}</p>`;
  return {
    to: account.email,
    subject: `${SHOP_NAME}: ${amount} refunded for order #${order.orderNumber}`,
    text,
    html,
  };
}
