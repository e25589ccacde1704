/**
 * What the orders and returns modules need of the refunds module (docs/decisions/118-order-life.md):
 * they request refunds in their own transaction (request-refund.ts) and, once it commits, hand
 * the refund over to be sent. The refunds service implements this.
 */
export interface RefundDesk {
  /**
   * Sends a refund requested in a transaction that has committed: at once, in the background
   * (never throws; a failure is recorded and the retry loop sends it later).
   */
  issueSoon(refundId: string): void;
  /**
   * A verified Razorpay webhook about a refund (`refund.processed`, `refund.failed`,
   * `refund.created`): settles the refund once; replays change nothing.
   */
  handleRefundEvent(
    event: string,
    payload: unknown,
  ): Promise<{ handled: boolean; message: string }>;
}
