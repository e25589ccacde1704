import type { EndpointAnswer } from '@vastra/shared/api/endpoints';
import {
  createRazorpayOrder,
  resumeOrder,
  verifyRazorpayPayment,
  type PlaceOrderInput,
} from '../api/order-calls';
import { openPaymentWindow } from './razorpay-window';

export type OnlineOutcome =
  | { kind: 'paid'; orderId: string; message: string }
  | { kind: 'closed'; lastFailure: string | null }
  /** The window took the payment but our server's check failed (a dropped connection, say). */
  | { kind: 'unverified'; orderId: string; error: unknown };

/** What the payment window shows and reports, whether the order is new or reopened. */
export interface PaymentWindowSteps {
  itemCount: number;
  /** Who pays: the delivery address's name, e-mail and phone prefill the window. */
  payer: { firstName: string; lastName: string; email: string; phone: string };
  /** The order exists and the payment window is about to open. */
  onWindowOpen: () => void;
  /** The window reported a payment; the server is verifying it. */
  onVerifying: () => void;
}

export interface PayOnlineInput extends PlaceOrderInput, Omit<PaymentWindowSteps, 'payer'> {}

/** The server's order for the payment window: a new one, or an open one reopened. */
type OpenedOrder = EndpointAnswer<'orders.razorpay'>;

/**
 * Takes the payment for `order` in Razorpay's window and has the server verify it. Declined
 * attempts are shown inside the window itself.
 */
async function payInWindow(order: OpenedOrder, steps: PaymentWindowSteps): Promise<OnlineOutcome> {
  const { payer } = steps;
  steps.onWindowOpen();
  const outcome = await openPaymentWindow({
    scriptUrl: order.checkoutScriptUrl,
    key: order.key,
    order: order.order,
    description: `Order of ${steps.itemCount} item${steps.itemCount === 1 ? '' : 's'}`,
    prefill: {
      name: `${payer.firstName} ${payer.lastName}`,
      email: payer.email,
      contact: payer.phone,
    },
  });
  if (outcome.kind === 'closed') return outcome;

  steps.onVerifying();
  try {
    const answer = await verifyRazorpayPayment(outcome.result);
    return { kind: 'paid', orderId: order.orderId, message: answer.message };
  } catch (error) {
    return { kind: 'unverified', orderId: order.orderId, error };
  }
}

/**
 * Has the server create the order (or reopen the identical one the shopper closed the window on
 * a moment ago: Razorpay takes several attempts on one order), then takes and verifies the payment.
 */
export async function payOnline(input: PayOnlineInput): Promise<OnlineOutcome> {
  const { address, couponCode, expectedTotal } = input;
  const order = await createRazorpayOrder({ address, couponCode, expectedTotal });
  return payInWindow(order, { ...input, payer: address });
}

/**
 * "Complete payment" on /orders: the server reopens the shopper's open order (409 once its hold
 * has ended), then the same window and check as at checkout (docs/decisions/111).
 */
export async function resumeOnline(
  orderId: string,
  steps: PaymentWindowSteps,
): Promise<OnlineOutcome> {
  return payInWindow(await resumeOrder(orderId), steps);
}
