import { RETURN_WINDOW_DAYS } from '@vastra/shared/constants';
import { ORDER_STATUS } from '@vastra/shared/order-life/fulfilment';
import type { ReturnKind } from '@vastra/shared/order-life/returns';
import { lineRefundPaise, paidShares } from '@vastra/shared/pricing/refund-amounts';
import { ORDER_LIFE_MESSAGES as M } from '@vastra/shared/schemas/order-life';
import type { ReturnLineRow, ReturnRequestRow } from '../../db/schema/after-sale';
import type { OrderRow } from '../../db/schema/orders';
import { AppError } from '../../lib/app-error';
import { lineKey, returnsOpen, unitsInReturns } from './returnable';

/** One line of the shopper's request, as the body schema gives it. */
export interface RequestedLine {
  productId: string;
  size: string;
  quantity: number;
  exchangeSize?: string | null;
}

/**
 * The lines of a return or exchange request checked against the order and its earlier requests,
 * with each line's refund (docs/decisions/120-returns-and-exchanges.md). Pure: the caller reads the
 * order (locked, when it writes) and its requests; stock for an exchange is checked by the caller.
 *
 * - the order is delivered and the window is open (409);
 * - each line is a line of the order (400), for at most its units not yet in a request that was
 *   not rejected, counting the lines before it in this request (409, returnTooMany);
 * - an exchange names another size for every line (400);
 * - a refund line gets lineRefundPaise of the line's paid share, after the units of that line in
 *   earlier refund requests: the delivery fee is never part of it, and partial returns of one
 *   line add up to exactly its share.
 */
export function planReturn(input: {
  order: OrderRow;
  returns: readonly ReturnRequestRow[];
  kind: ReturnKind;
  lines: readonly RequestedLine[];
  now: Date;
}): ReturnLineRow[] {
  const { order, kind } = input;
  if (order.status !== ORDER_STATUS.delivered) throw new AppError('conflict', M.returnNotDelivered);
  if (!returnsOpen(order, input.now))
    throw new AppError('conflict', M.returnWindowOver(RETURN_WINDOW_DAYS));

  const claimed = unitsInReturns(input.returns);
  const refunded = unitsInReturns(input.returns, 'refund');
  const shares = paidShares({
    lines: order.items.map((item) => ({ price: item.price, quantity: item.quantity })),
    deliveryFee: order.deliveryFee,
    discount: order.discount,
  });

  return input.lines.map((line) => {
    const index = order.items.findIndex((i) => i._id === line.productId && i.size === line.size);
    const item = order.items[index];
    if (!item) throw new AppError('invalid_data', M.returnUnknownLine);
    const k = lineKey(item._id, item.size);
    const left = item.quantity - (claimed.get(k) ?? 0);
    if (line.quantity > left)
      throw new AppError('conflict', M.returnTooMany(item.name, Math.max(0, left)));
    claimed.set(k, (claimed.get(k) ?? 0) + line.quantity);

    let exchangeSize: string | null = null;
    let refundPaise = 0;
    if (kind === 'exchange') {
      exchangeSize = line.exchangeSize ?? null;
      if (!exchangeSize) throw new AppError('invalid_data', M.exchangeSize);
      if (exchangeSize === item.size) throw new AppError('invalid_data', M.exchangeSameSize);
    } else {
      const before = refunded.get(k) ?? 0;
      refundPaise = lineRefundPaise(shares.lines[index] ?? 0, item.quantity, before, line.quantity);
      refunded.set(k, before + line.quantity);
    }
    return {
      productId: item._id,
      size: item.size,
      quantity: line.quantity,
      exchangeSize,
      name: item.name,
      image: item.image[0] ?? null,
      refundPaise,
    };
  });
}
