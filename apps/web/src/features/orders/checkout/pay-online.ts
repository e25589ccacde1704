import type { Address } from '@vastra/shared/schemas/order';
import { createRazorpayOrder, verifyRazorpayPayment } from '../api/order-calls';
import { openPaymentWindow } from './razorpay-window';

type OnlineOrder = Awaited<ReturnType<typeof createRazorpayOrder>>;

/**
 * A Razorpay order the shopper closed without paying. Trying again with the same address, coupon
 * and cart reopens the same order (Razorpay accepts several attempts on one order), so each
 * closed window does not leave another unpaid order behind. Kept well inside the server's
 * 30-minute closure of unpaid orders.
 */
let pending: { fingerprint: string; order: OnlineOrder; createdAt: number } | null = null;
const REUSE_MS = 15 * 60_000;

export type OnlineOutcome =
  | { kind: 'paid'; orderId: string }
  | { kind: 'closed'; lastFailure: string | null }
  /** The window took the payment but our server's check failed (a dropped connection, say). */
  | { kind: 'unverified'; orderId: string; error: unknown };

export interface PayOnlineInput {
  address: Address;
  couponCode: string | null;
  /** Identifies the cart's contents: a changed cart needs a new order. */
  cartKey: string;
  itemCount: number;
  onFailure: (message: string) => void;
  /** Called once the window reports a payment, before the server has verified it. */
  onVerifying: () => void;
}

/** Creates (or reuses) the order, takes the payment in Razorpay's window, and has the server verify it. */
export async function payOnline(input: PayOnlineInput): Promise<OnlineOutcome> {
  const fingerprint = JSON.stringify([input.address, input.couponCode, input.cartKey]);
  const reuse =
    pending && pending.fingerprint === fingerprint && Date.now() - pending.createdAt < REUSE_MS;
  const order =
    reuse && pending
      ? pending.order
      : await createRazorpayOrder({ address: input.address, couponCode: input.couponCode });
  if (!reuse) pending = { fingerprint, order, createdAt: Date.now() };

  const outcome = await openPaymentWindow(
    {
      scriptUrl: order.checkoutScriptUrl,
      key: order.key,
      order: order.order,
      description: `Order of ${input.itemCount} item${input.itemCount === 1 ? '' : 's'}`,
      prefill: {
        name: `${input.address.firstName} ${input.address.lastName}`,
        email: input.address.email,
        contact: input.address.phone,
      },
    },
    input.onFailure,
  );
  if (outcome.kind === 'closed') return outcome;

  pending = null;
  input.onVerifying();
  try {
    await verifyRazorpayPayment(outcome.result);
  } catch (error) {
    return { kind: 'unverified', orderId: order.orderId, error };
  }
  return { kind: 'paid', orderId: order.orderId };
}
