import { REFUND_DAYS, SHOP_NAME } from '@vastra/shared/constants';
import { formatPaise, formatPrice } from '@vastra/shared/pricing/money';
import type { Database } from '../../db/client';
import type { OrderRow } from '../../db/schema/orders';
import type { Logger } from '../../lib/logger';
import type { Mail, Mailer } from '../../providers/mailer/mailer';
import { accountContacts } from '../auth/auth.service';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** How the mails name an order: its number, as the shopper's order page shows it. */
export function orderRef(order: Pick<OrderRow, 'orderNumber'>): string {
  return `#${order.orderNumber}`;
}

/** The account that placed the order: its own e-mail, proved at registration (decision 097). */
export interface MailAccount {
  name: string;
  email: string;
}

/**
 * A short order confirmation: what was ordered, the total, how it is paid. It goes to the
 * account's address only: the delivery e-mail is typed at checkout, so mailing it would let
 * anyone send the shop's mail to a stranger.
 */
export function confirmationMail(order: OrderRow, account: MailAccount): Mail {
  const ref = orderRef(order);
  const lines = order.items.map(
    (i) => `${i.name} (${i.size}) × ${i.quantity} — ${formatPrice(i.price * i.quantity)}`,
  );
  const paid =
    order.paymentMethod === 'cod' ? 'Cash on delivery' : order.payment ? 'Paid online' : 'Pending';
  const text = [
    `Hello ${account.name},`,
    '',
    `Thank you for your order ${ref} at ${SHOP_NAME}.`,
    '',
    ...lines,
    '',
    `Total: ${formatPrice(order.amount)} (${paid})`,
    `Delivering to: ${order.address.street}, ${order.address.city} ${order.address.zipcode}`,
  ].join('\n');
  const html = `<p>Hello ${escape(account.name)},</p><p>Thank you for your order <strong>${ref}</strong> at ${SHOP_NAME}.</p><ul>${lines
    .map((l) => `<li>${escape(l)}</li>`)
    .join('')}</ul><p>Total: <strong>${escape(formatPrice(order.amount))}</strong> (${paid})</p>`;
  return { to: account.email, subject: `${SHOP_NAME}: order ${ref} confirmed`, text, html };
}

/**
 * The shopper's mail that an order was cancelled, by them or by the shop, with the refund on its
 * way when one was asked for (docs/decisions/118-order-life.md).
 */
export function cancellationMail(order: OrderRow, account: MailAccount, refundPaise: number): Mail {
  const ref = orderRef(order);
  const refund =
    refundPaise > 0
      ? `A refund of ${formatPaise(refundPaise)} is on its way to the way you paid; banks take ${REFUND_DAYS.min}–${REFUND_DAYS.max} business days to show it.`
      : 'Nothing was charged for it.';
  const reason = order.cancelReason ? `Reason: ${order.cancelReason}.` : null;
  const text = [
    `Hello ${account.name},`,
    '',
    `Your order ${ref} at ${SHOP_NAME} has been cancelled.`,
    ...(reason ? [reason] : []),
    refund,
  ].join('\n');
  const html = `<p>Hello ${escape(account.name)},</p><p>Your order <strong>${ref}</strong> at ${SHOP_NAME} has been cancelled.</p>${
    reason ? `<p>${escape(reason)}</p>` : ''
  }<p>${escape(refund)}</p>`;
  return { to: account.email, subject: `${SHOP_NAME}: order ${ref} cancelled`, text, html };
}

/**
 * Looks the account up (awaited, so the mail is on its way when the call answers), then sends.
 * Best effort: a mail failure never undoes what the order went through.
 */
export async function mailShopper(
  deps: { db: Database; mailer?: Mailer | undefined; log: Logger },
  order: OrderRow,
  build: (account: MailAccount) => Mail,
): Promise<void> {
  const { mailer, log } = deps;
  if (!mailer) return;
  const warn = (error: unknown) =>
    log.warn({ err: error, orderId: order.id }, 'order e-mail not sent');
  try {
    const account = (await accountContacts(deps.db, [order.userId])).get(order.userId);
    if (account) mailer.send(build(account)).catch(warn);
  } catch (error) {
    warn(error);
  }
}
