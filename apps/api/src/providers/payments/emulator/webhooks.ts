import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { razorpayEmulatorWebhooks } from '../../../db/schema/razorpay-emulator';
import type { Logger } from '../../../lib/logger';
import { webhookSignature } from '../signatures';
import { newId } from './entities';

export type WebhookEvent =
  | 'payment.captured'
  | 'payment.failed'
  | 'order.paid'
  | 'refund.created'
  | 'refund.processed'
  | 'refund.failed';

export interface WebhookDelivery {
  eventId: string;
  event: WebhookEvent;
  url: string;
  /** The exact bytes sent (and signed). */
  body: string;
  signature: string;
  /** The shop's HTTP status, or the transport error. */
  outcome: number | string;
  /** 1 for the first attempt, 2 for the first retry, … */
  attempt: number;
}

export interface WebhookSender {
  /**
   * Stores one signed event in the outbox (resolved once stored) and tries it at once, in the
   * background; a delivery that fails is retried with backoff by whichever process finds it due.
   */
  send(event: WebhookEvent, payload: Record<string, { entity: unknown }>): Promise<void>;
  /** Resolves once every attempt this process has started (or is due now) has finished. */
  idle(): Promise<void>;
  /** This process's most recent attempts, newest last (bounded). */
  deliveries(): readonly WebhookDelivery[];
  /** Starts the delivery loop (every process runs one). */
  start(): void;
  /** Stops the loop and waits for attempts in flight. */
  stop(): Promise<void>;
}

/**
 * Seconds to wait after each failed attempt: about 24 hours in all, as Razorpay retries
 * (docs/decisions/119-refunds-and-webhook-retries.md). After the last, the event is given up.
 */
const WEBHOOK_RETRY_SECONDS: readonly number[] = [
  5, 30, 120, 600, 1800, 3600, 7200, 14_400, 28_800, 28_800,
];

const KEEP = 50;
const TIMEOUT_MS = 5_000;
/** An attempt claimed by a process that then died is taken over after this (longer than TIMEOUT_MS). */
const LEASE_MS = 30_000;
/** How often each process looks for due events. */
const POLL_MS = 1_000;
const BATCH = 20;
/** The emulator's merchant account, as in Razorpay's `account_id`. */
const EMULATOR_ACCOUNT_ID = 'acc_VastraLocal001';

const table = razorpayEmulatorWebhooks;
type Row = typeof table.$inferSelect;

/**
 * Webhooks as Razorpay sends them: JSON `{ entity: 'event', event, contains, payload }` with
 * `X-Razorpay-Signature` (HMAC-SHA256 of these exact bytes with the webhook secret) and
 * `X-Razorpay-Event-Id`, the same on every attempt. Each event is a row of the outbox
 * razorpay_emulator_webhooks before anything is sent, so an event outlives the process that made
 * it; a non-2xx or unanswered attempt is retried after WEBHOOK_RETRY_SECONDS (or `retrySeconds`).
 * The process that sends an event claims it for its first attempt; later attempts are claimed by
 * any process's loop with `FOR UPDATE SKIP LOCKED` and a lease, so no attempt is made twice.
 */
export function createWebhookSender(opts: {
  db: Database;
  webhookSecret: string;
  url: () => string | undefined;
  log: Logger;
  retrySeconds?: readonly number[] | undefined;
}): WebhookSender {
  const { db, log } = opts;
  const schedule = opts.retrySeconds ?? WEBHOOK_RETRY_SECONDS;
  const inFlight = new Set<Promise<unknown>>();
  const recent: WebhookDelivery[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let interval: NodeJS.Timeout | undefined;
  let stopped = false;
  let ticking: Promise<void> | undefined;

  const track = <T>(work: Promise<T>): Promise<T> => {
    const running = work.finally(() => inFlight.delete(running));
    inFlight.add(running);
    return running;
  };

  function wakeIn(ms: number): void {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      tick();
    }, ms);
    timer.unref();
    timers.add(timer);
  }

  /** One attempt of a row this process has claimed. */
  async function attempt(row: Row): Promise<void> {
    const url = opts.url();
    if (!url) {
      // Not listening yet: no attempt made; the loop tries again once it is.
      await db.update(table).set({ nextAttemptAt: new Date() }).where(eq(table.id, row.id));
      return;
    }
    let outcome: number | string;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Razorpay-Webhook/v1 (vastra emulator)',
          'x-razorpay-signature': row.signature,
          'x-razorpay-event-id': row.id,
        },
        body: row.body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await response.arrayBuffer().catch(() => undefined);
      outcome = response.status;
    } catch (error) {
      outcome = error instanceof Error ? error.message : String(error);
    }
    const attempts = row.attempts + 1;
    const event = row.event as WebhookEvent;
    recent.push({
      eventId: row.id,
      event,
      url,
      body: row.body,
      signature: row.signature,
      outcome,
      attempt: attempts,
    });
    if (recent.length > KEEP) recent.splice(0, recent.length - KEEP);
    const fields = { event, eventId: row.id, url, outcome, attempt: attempts };
    const now = new Date();
    if (typeof outcome === 'number' && outcome >= 200 && outcome < 300) {
      await db
        .update(table)
        .set({ attempts, deliveredAt: now, lastOutcome: String(outcome) })
        .where(eq(table.id, row.id));
      log.info(fields, 'razorpay emulator: webhook delivered');
      return;
    }
    const wait = schedule[row.attempts];
    if (wait === undefined) {
      await db
        .update(table)
        .set({ attempts, abandonedAt: now, lastOutcome: String(outcome) })
        .where(eq(table.id, row.id));
      log.warn(fields, 'razorpay emulator: webhook not accepted; giving up after the last retry');
      return;
    }
    const waitMs = Math.round(wait * 1000);
    await db
      .update(table)
      .set({
        attempts,
        nextAttemptAt: new Date(now.getTime() + waitMs),
        lastOutcome: String(outcome),
      })
      .where(eq(table.id, row.id));
    log.warn({ ...fields, retryInMs: waitMs }, 'razorpay emulator: webhook not accepted; retrying');
    // This process tries it again on time; another process may take it if this one is gone.
    if (waitMs < POLL_MS) wakeIn(waitMs);
  }

  /** Claims the due rows (no other process can claim them for LEASE_MS) and tries each. */
  async function claimDue(): Promise<Row[]> {
    const now = new Date();
    return db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(table)
        .where(
          and(isNull(table.deliveredAt), isNull(table.abandonedAt), lte(table.nextAttemptAt, now)),
        )
        .orderBy(asc(table.nextAttemptAt), asc(table.createdAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      await tx
        .update(table)
        .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
        .where(
          inArray(
            table.id,
            due.map((row) => row.id),
          ),
        );
      return due;
    });
  }

  function tick(): void {
    if (stopped || ticking) return;
    ticking = track(
      (async () => {
        try {
          const rows = await claimDue();
          await Promise.all(rows.map((row) => attempt(row)));
        } catch (error) {
          log.error({ err: error }, 'razorpay emulator: webhook delivery loop failed');
        }
      })(),
    ).finally(() => {
      ticking = undefined;
    });
  }

  return {
    async send(event, payload) {
      const body = JSON.stringify({
        entity: 'event',
        account_id: EMULATOR_ACCOUNT_ID,
        event,
        contains: Object.keys(payload),
        payload,
        created_at: Math.floor(Date.now() / 1000),
      });
      const stored = track(
        db
          .insert(table)
          .values({
            id: newId(''),
            event,
            body,
            signature: webhookSignature(opts.webhookSecret, body),
            // Claimed by this process for its first attempt, made at once below.
            nextAttemptAt: new Date(Date.now() + LEASE_MS),
          })
          .returning(),
      );
      const [row] = await stored;
      if (!row) throw new Error('webhook insert returned nothing');
      void track(
        attempt(row).catch((error: unknown) =>
          log.error({ err: error, event }, 'razorpay emulator: webhook attempt failed'),
        ),
      );
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    deliveries: () => recent,
    start() {
      if (interval) return;
      stopped = false;
      interval = setInterval(tick, POLL_MS);
      interval.unref();
      tick();
    },
    async stop() {
      stopped = true;
      clearInterval(interval);
      interval = undefined;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
