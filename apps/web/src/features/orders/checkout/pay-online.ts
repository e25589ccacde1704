import {
  createRazorpayOrder,
  verifyRazorpayPayment,
  type PlaceOrderInput,
} from '../api/order-calls';
import { openPaymentWindow } from './razorpay-window';

export type OnlineOutcome =
  | { kind: 'paid'; orderId: string; message: string }
  | { kind: 'closed'; lastFailure: string | null }
  /** The window took the payment but our server's check failed (a dropped connection, say). */
  | { kind: 'unverified'; orderId: string; error: unknown };

export interface PayOnlineInput extends PlaceOrderInput {
  itemCount: number;
  /** The order exists and the payment window is about to open. */
  onWindowOpen: () => void;
  /** The window reported a payment; the server is verifying it. */
  onVerifying: () => void;
}

/**
 * Has the server create the order (or reopen the identical one the shopper closed the window on
 * a moment ago: Razorpay takes several attempts on one order), takes the payment in Razorpay's
 * window, and has the server verify it. Declined attempts are shown inside the window itself.
 */
export async function payOnline(input: PayOnlineInput): Promise<OnlineOutcome> {
  const { address, couponCode, expectedTotal } = input;
  const order = await createRazorpayOrder({ address, couponCode, expectedTotal });
  input.onWindowOpen();
  const outcome = await openPaymentWindow({
    scriptUrl: order.checkoutScriptUrl,
    key: order.key,
    order: order.order,
    description: `Order of ${input.itemCount} item${input.itemCount === 1 ? '' : 's'}`,
    prefill: {
      name: `${address.firstName} ${address.lastName}`,
      email: address.email,
      contact: address.phone,
    },
  });
  if (outcome.kind === 'closed') return outcome;

  input.onVerifying();
  try {
    const answer = await verifyRazorpayPayment(outcome.result);
    return { kind: 'paid', orderId: order.orderId, message: answer.message };
  } catch (error) {
    return { kind: 'unverified', orderId: order.orderId, error };
  }
}
