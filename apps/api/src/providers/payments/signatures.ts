import crypto from 'node:crypto';

/** Razorpay's signatures: lower-case hex HMAC-SHA256. */
function hmacSha256Hex(secret: string, payload: string | Buffer): string {
  return crypto.createHmac('sha256', secret).update(payload).digest('hex');
}

const HEX_SHA256 = /^[0-9a-f]{64}$/;

/**
 * Constant-time comparison of a received hex signature with the expected one. The SDK's own
 * validators compare with `===`, which leaks timing, so we compare here (decision 060).
 */
export function signatureMatches(expectedHex: string, received: unknown): boolean {
  if (typeof received !== 'string' || !HEX_SHA256.test(received)) return false;
  return crypto.timingSafeEqual(Buffer.from(expectedHex, 'hex'), Buffer.from(received, 'hex'));
}

/** What checkout hands the shop after a payment: HMAC of `order_id|payment_id` with the key secret. */
export function paymentSignature(keySecret: string, orderId: string, paymentId: string): string {
  return hmacSha256Hex(keySecret, `${orderId}|${paymentId}`);
}

/** X-Razorpay-Signature: HMAC of the webhook's raw body bytes with the webhook secret. */
export function webhookSignature(webhookSecret: string, rawBody: string | Buffer): string {
  return hmacSha256Hex(webhookSecret, rawBody);
}
