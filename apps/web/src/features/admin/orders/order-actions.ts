import { ORDER_STATUS, type OrderStatus } from '@vastra/shared/schemas/order';
import type { AdminOrder } from '@vastra/shared/schemas/admin';

/**
 * What a button asks before it moves the order: nothing (a step forward), the courier and the
 * tracking number (Shipped), a reason the shopper is told (Cancelled), or "are you sure" (the
 * cash received).
 */
export type OrderAsk = 'nothing' | 'shipment' | 'reason' | 'confirm';

export type OrderAction =
  | { kind: 'status'; to: OrderStatus; label: string; ask: OrderAsk; danger: boolean }
  | { kind: 'paid'; label: string; ask: 'confirm'; danger: false };

const LABELS: Partial<Record<OrderStatus, string>> = {
  [ORDER_STATUS.packing]: 'Start packing',
  [ORDER_STATUS.shipped]: 'Mark shipped',
  [ORDER_STATUS.outForDelivery]: 'Out for delivery',
  [ORDER_STATUS.delivered]: 'Mark delivered',
  [ORDER_STATUS.cancelled]: 'Cancel order',
};

/**
 * The buttons an order offers, from what the server says is allowed now (`nextStatuses`, from
 * the shared FULFILMENT_TRANSITIONS, and `canMarkPaid`): the step forward first, then receiving
 * the cash, then cancelling (docs/decisions/085, 122).
 */
export function orderActions(
  order: Pick<AdminOrder, 'nextStatuses' | 'canMarkPaid'>,
): OrderAction[] {
  const forward = order.nextStatuses.filter((to) => to !== ORDER_STATUS.cancelled);
  const actions: OrderAction[] = forward.map((to) => ({
    kind: 'status',
    to,
    label: LABELS[to] ?? `Move to ${to}`,
    ask: to === ORDER_STATUS.shipped ? 'shipment' : 'nothing',
    danger: false,
  }));
  if (order.canMarkPaid)
    actions.push({ kind: 'paid', label: 'Mark cash received', ask: 'confirm', danger: false });
  if (order.nextStatuses.includes(ORDER_STATUS.cancelled))
    actions.push({
      kind: 'status',
      to: ORDER_STATUS.cancelled,
      label: LABELS[ORDER_STATUS.cancelled]!,
      ask: 'reason',
      danger: true,
    });
  return actions;
}
