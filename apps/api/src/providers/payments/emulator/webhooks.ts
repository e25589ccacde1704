import { webhookSignature } from '../signatures';
import { newId } from './entities';
import type { Logger } from '../../../lib/logger';

export type WebhookEvent = 'payment.captured' | 'payment.failed' | 'order.paid';

export interface WebhookDelivery {
  eventId: string;
  event: WebhookEvent;
  url: string;
  /** The exact bytes sent (and signed). */
  body: string;
  signature: string;
  /** The shop's HTTP status, or the transport error. */
  outcome: number | string;
}

export interface WebhookSender {
  /** Queues one signed event; delivery happens in the background and never throws. */
  send(event: WebhookEvent, payload: Record<string, { entity: unknown }>): void;
  /** Resolves once every event queued so far has been delivered or has failed. */
  idle(): Promise<void>;
  /** The most recent deliveries, newest last (bounded). */
  deliveries(): readonly WebhookDelivery[];
}

const KEEP = 50;
const TIMEOUT_MS = 5_000;
/** The emulator's merchant account, as in Razorpay's `account_id`. */
const EMULATOR_ACCOUNT_ID = 'acc_VastraLocal001';

/**
 * Best-effort webhooks, as Razorpay sends them: JSON `{ entity: 'event', event, contains, payload }`
 * with `X-Razorpay-Signature` (HMAC-SHA256 of these exact bytes with the webhook secret) and
 * `X-Razorpay-Event-Id`. One attempt each, no retries: a shop that is down or has no endpoint yet
 * only gets a warning in the log (decision 060).
 */
export function createWebhookSender(opts: {
  webhookSecret: string;
  url: () => string | undefined;
  log: Logger;
}): WebhookSender {
  const inFlight = new Set<Promise<void>>();
  const recent: WebhookDelivery[] = [];

  async function deliver(delivery: Omit<WebhookDelivery, 'outcome'>): Promise<void> {
    let outcome: number | string;
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Razorpay-Webhook/v1 (vastra emulator)',
          'x-razorpay-signature': delivery.signature,
          'x-razorpay-event-id': delivery.eventId,
        },
        body: delivery.body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await response.arrayBuffer().catch(() => undefined);
      outcome = response.status;
    } catch (error) {
      outcome = error instanceof Error ? error.message : String(error);
    }
    recent.push({ ...delivery, outcome });
    if (recent.length > KEEP) recent.splice(0, recent.length - KEEP);
    const fields = { event: delivery.event, eventId: delivery.eventId, url: delivery.url, outcome };
    if (typeof outcome === 'number' && outcome >= 200 && outcome < 300) {
      opts.log.info(fields, 'razorpay emulator: webhook delivered');
    } else {
      opts.log.warn(fields, 'razorpay emulator: webhook not accepted (best effort, not retried)');
    }
  }

  return {
    send(event, payload) {
      const url = opts.url();
      if (!url) {
        opts.log.warn({ event }, 'razorpay emulator: no webhook URL yet (server not listening)');
        return;
      }
      const body = JSON.stringify({
        entity: 'event',
        account_id: EMULATOR_ACCOUNT_ID,
        event,
        contains: Object.keys(payload),
        payload,
        created_at: Math.floor(Date.now() / 1000),
      });
      const delivery = {
        eventId: newId(''),
        event,
        url,
        body,
        signature: webhookSignature(opts.webhookSecret, body),
      };
      const running = deliver(delivery).finally(() => inFlight.delete(running));
      inFlight.add(running);
    },
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    deliveries: () => recent,
  };
}
