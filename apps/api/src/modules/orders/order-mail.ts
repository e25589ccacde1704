import { SHOP_NAME } from '@vastra/shared/constants';
import { formatPrice } from '@vastra/shared/pricing/money';
import type { OrderRow } from '../../db/schema/orders';
import type { Mail } from '../../providers/mailer/mailer';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

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
  const ref = order.id.slice(0, 8).toUpperCase();
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
