import crypto from 'node:crypto';

/** The key id the emulator accepts; it says "test" like Razorpay's test keys. */
const SANDBOX_KEY_ID = 'rzp_test_vastra_local';

export interface RazorpayKeys {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

/**
 * The emulator's key secret and webhook secret, derived from the server's session secret
 * (JWT_SECRET, or the one kept in DATA_DIR). One secret is all an operator keeps, every process
 * sharing JWT_SECRET agrees on these (the emulator's state is in the database, so any process may
 * sign or verify), and they are never fixed values anyone could read in the source (decision 060).
 */
export function sandboxKeys(serverSecret: string): RazorpayKeys {
  const derive = (purpose: string) =>
    crypto
      .createHmac('sha256', serverSecret)
      .update(`vastra/razorpay-emulator/${purpose}/v1`)
      .digest('base64url')
      .slice(0, 32);
  return {
    keyId: SANDBOX_KEY_ID,
    keySecret: derive('key-secret'),
    webhookSecret: derive('webhook-secret'),
  };
}
