import { SHOP_NAME } from '@vastra/shared/constants';
import { ORDER_STATUS, type OrderStatus } from '@vastra/shared/schemas/order';
import type { OrderRow } from '../../db/schema/orders';
import type { Mail } from '../../providers/mailer/mailer';
import { orderRef, type MailAccount } from './order-mail';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What each step means for the shopper. */
const NEWS: Record<OrderStatus, string> = {
  [ORDER_STATUS.placed]: 'We have your order.',
  [ORDER_STATUS.packing]: 'We are packing your order.',
  [ORDER_STATUS.shipped]: 'Your order has been shipped.',
  [ORDER_STATUS.outForDelivery]: 'Your order is out for delivery and should reach you today.',
  [ORDER_STATUS.delivered]: 'Your order has been delivered. We hope you enjoy it!',
  [ORDER_STATUS.cancelled]:
    'Your order has been cancelled. If you paid online, the amount will be refunded to the way you paid.',
  [ORDER_STATUS.paymentFailed]: 'The payment for your order did not go through.',
};

/** The mail the shopper gets when the shop moves their order: to the account's address only (decision 097). */
export function statusChangeMail(order: OrderRow, status: OrderStatus, account: MailAccount): Mail {
  const ref = orderRef(order);
  const news = NEWS[status];
  const text = [
    `Hello ${account.name},`,
    '',
    `Your order ${ref} at ${SHOP_NAME} is now: ${status}.`,
    news,
  ].join('\n');
  const html = `<p>Hello ${escape(account.name)},</p><p>Your order <strong>${ref}</strong> at ${SHOP_NAME} is now: <strong>${escape(status)}</strong>.</p><p>${escape(news)}</p>`;
  return {
    to: account.email,
    subject: `${SHOP_NAME}: order ${ref} is ${status}`,
    text,
    html,
  };
}
