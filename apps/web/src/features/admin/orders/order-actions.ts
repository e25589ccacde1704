import { ORDER_STATUS, type OrderStatus } from '@vastra/shared/schemas/order';
import type { AdminOrder } from '@vastra/shared/schemas/admin';

export type OrderAction =
  | { kind: 'status'; to: OrderStatus; label: string; confirm: boolean; danger: boolean }
  | { kind: 'paid'; label: string; confirm: true; danger: false };

const LABELS: Partial<Record<OrderStatus, string>> = {
  [ORDER_STATUS.packing]: 'Start packing',
  [ORDER_STATUS.shipped]: 'Mark shipped',
  [ORDER_STATUS.outForDelivery]: 'Out for delivery',
  [ORDER_STATUS.delivered]: 'Mark delivered',
  [ORDER_STATUS.cancelled]: 'Cancel order',
};

/**
 * The buttons an order card offers, from what the server says is allowed now (`nextStatuses`,
 * worked out by the shared ORDER_STATUS_STEPS rule, and `canMarkPaid`): the step forward first,
 * then receiving the cash, then cancelling — which, like marking paid, asks first.
 */
export function orderActions(
  order: Pick<AdminOrder, 'nextStatuses' | 'canMarkPaid'>,
): OrderAction[] {
  const forward = order.nextStatuses.filter((to) => to !== ORDER_STATUS.cancelled);
  const actions: OrderAction[] = forward.map((to) => ({
    kind: 'status',
    to,
    label: LABELS[to] ?? `Move to ${to}`,
    confirm: false,
    danger: false,
  }));
  if (order.canMarkPaid)
    actions.push({
      kind: 'paid',
      label: 'Cash received — mark paid',
      confirm: true,
      danger: false,
    });
  if (order.nextStatuses.includes(ORDER_STATUS.cancelled))
    actions.push({
      kind: 'status',
      to: ORDER_STATUS.cancelled,
      label: LABELS[ORDER_STATUS.cancelled]!,
      confirm: true,
      danger: true,
    });
  return actions;
}
