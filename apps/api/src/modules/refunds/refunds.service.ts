import { formatPaise } from '@vastra/shared/pricing/money';
import { settledPaymentState } from '@vastra/shared/order-life/payment-state';
import type { RefundStatus } from '@vastra/shared/order-life/refunds';
import { ADMIN_REFUND_MESSAGES, type AdminRefund } from '@vastra/shared/schemas/order-life';
import type { Database } from '../../db/client';
import { toRefund } from './refund-answer';
import type { RefundRow } from '../../db/schema/after-sale';
import type { OrderRow } from '../../db/schema/orders';
import { AppError, isAppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../providers/mailer/mailer';
import type { PaymentGateway, ProviderRefund } from '../../providers/payments/payment-gateway';
import { accountContacts } from '../auth/auth.service';
import { appendOrderEvent } from '../orders/order-events.repository';
import { movePayment, type Mover } from '../orders/order-transitions';
import { lockOrder } from '../orders/orders.repository';
import type { RefundDesk } from './refund-desk';
import { refundedMail } from './refund-mail';
import {
  claimRefundForSending,
  findRefund,
  findRefundByProviderId,
  listDueRefunds,
  listRefundsForAdmin,
  listRefundsOfOrder,
  listUnconfirmedRefunds,
  lockRefund,
  orderHeadsOf,
  updateRefund,
} from './refunds.repository';

/** Minutes before the next attempt after the 1st, 2nd, … failed one; the last repeats. */
const REFUND_RETRY_MINUTES: readonly number[] = [1, 5, 15, 60, 180, 360, 720];
/** How long a process that took a refund for sending has before another may take it again. */
const SEND_LEASE_MS = 2 * 60_000;
const DUE_BATCH = 50;
/**
 * A refund Razorpay accepted and that has stayed pending this long without a webhook is asked
 * about (`fetchRefund`), then again after as long: webhooks can be lost or misconfigured.
 */
const UNCONFIRMED_AFTER_MS = 30 * 60_000;
const ADMIN_LIST_LIMIT = 200;
const SYSTEM: Mover = { actor: 'system', label: 'refunds' };

const retryAt = (now: Date, attempts: number) =>
  new Date(
    now.getTime() +
      (REFUND_RETRY_MINUTES[Math.min(Math.max(attempts, 1), REFUND_RETRY_MINUTES.length) - 1] ??
        60) *
        60_000,
  );

/**
 * The idempotency key of a send: the refund row's id while no provider refund of it has failed;
 * after one failed, the id and that refund's, so the new request is a new refund at Razorpay (a
 * repeated key would answer the failed one) and its retries stay idempotent (decision 119).
 */
const idempotencyKeyOf = (refund: RefundRow) =>
  refund.providerRefundId ? `${refund.id}_${refund.providerRefundId}` : refund.id;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface RefundEventPayload {
  refund?: {
    entity?: {
      id?: unknown;
      payment_id?: unknown;
      amount?: unknown;
      status?: unknown;
      notes?: unknown;
    };
  };
}

interface RefundsDeps {
  db: Database;
  gateway: PaymentGateway;
  clock: Clock;
  log: Logger;
  mailer: Mailer;
}

/**
 * The refund ledger's life after requestRefund (docs/decisions/119-refunds-and-webhook-retries.md):
 * Razorpay refunds are sent outside any transaction with the row's id as idempotency key, settled
 * by `refund.*` webhooks (or the provider's answer), retried with backoff; UPI payouts settle when
 * the admin records the payout. When no refund of an order is outstanding any more, its payment
 * state settles (settledPaymentState) and the shopper gets a mail for each processed refund.
 */
export function createRefundsService(deps: RefundsDeps) {
  const { db, gateway, clock, log, mailer } = deps;
  const running = new Set<Promise<unknown>>();

  const track = (work: Promise<unknown>) => {
    const entry = work.finally(() => running.delete(entry));
    running.add(entry);
  };

  async function mailProcessed(refund: RefundRow, order: OrderRow): Promise<void> {
    try {
      const account = (await accountContacts(db, [order.userId])).get(order.userId);
      if (account) await mailer.send(refundedMail(refund, order, account));
    } catch (error) {
      log.error({ err: error, refundId: refund.id }, 'refund mail failed');
    }
  }

  /**
   * Moves one refund to processed or failed, once (a replay finds it there and changes nothing),
   * in one transaction holding the order and then the refund; settles the order's payment state
   * when nothing of it is outstanding any more. Answers the refund when it changed.
   */
  async function settle(
    refundId: string,
    to: Exclude<RefundStatus, 'pending'>,
    detail: {
      providerRefundId?: string | null;
      payoutReference?: string;
      error?: string;
      by?: Mover;
    },
  ): Promise<{ refund: RefundRow; order: OrderRow } | undefined> {
    const known = await findRefund(db, refundId);
    if (!known) return undefined;
    const by = detail.by ?? SYSTEM;
    const now = clock.now();
    const changed = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, known.orderId);
      const refund = await lockRefund(tx, refundId);
      if (!order || !refund || refund.status === 'processed') return undefined;
      const providerId = detail.providerRefundId;
      // An answer about an earlier provider refund of this row (one that failed before the
      // retry) says nothing about the current one.
      if (providerId && refund.providerRefundId && providerId !== refund.providerRefundId)
        return undefined;
      if (to === 'failed' && refund.status === 'failed') return undefined;
      const updated = await updateRefund(tx, refund.id, {
        status: to,
        ...(providerId ? { providerRefundId: providerId } : {}),
        ...(detail.payoutReference ? { payoutReference: detail.payoutReference } : {}),
        processedAt: to === 'processed' ? now : null,
        lastError: to === 'failed' ? (detail.error ?? 'The refund failed at the bank') : null,
        nextAttemptAt: to === 'failed' ? retryAt(now, refund.attempts) : null,
      });
      await appendOrderEvent(tx, {
        orderId: order.id,
        actor: by.actor,
        actorLabel: by.label ?? null,
        kind: 'refund',
        subjectId: refund.id,
        from: refund.status,
        to,
        note: formatPaise(refund.amountPaise),
      });
      let settledOrder = order;
      if (to === 'processed') {
        const all = await listRefundsOfOrder(tx, order.id);
        const outstanding = all.some((r) => r.status !== 'processed');
        if (!outstanding && order.paymentState === 'refund_due') {
          const refunded = all.reduce((sum, r) => sum + r.amountPaise, 0);
          settledOrder = await movePayment(tx, {
            orderId: order.id,
            from: 'refund_due',
            to: settledPaymentState(order.amount * 100, refunded),
            by,
          });
        }
      }
      return { refund: updated, order: settledOrder };
    });
    if (changed && to === 'processed') await mailProcessed(changed.refund, changed.order);
    return changed;
  }

  /** The provider accepted the request: remember its refund; settle it if it already says so. */
  async function accepted(refund: RefundRow, provider: ProviderRefund): Promise<void> {
    await db.transaction(async (tx) => {
      const order = await lockOrder(tx, refund.orderId);
      const row = await lockRefund(tx, refund.id);
      if (!order || !row || row.status === 'processed') return;
      // A webhook about this very refund may have come first.
      if (row.status === 'failed' && row.providerRefundId === provider.id) return;
      await updateRefund(tx, row.id, {
        status: 'pending',
        providerRefundId: provider.id,
        nextAttemptAt: null,
        lastError: null,
      });
      // A failed refund sent again: the history says it is on its way once more.
      if (row.status === 'failed') {
        await appendOrderEvent(tx, {
          orderId: order.id,
          actor: 'system',
          actorLabel: SYSTEM.label ?? null,
          kind: 'refund',
          subjectId: row.id,
          from: 'failed',
          to: 'pending',
          note: formatPaise(row.amountPaise),
        });
      }
    });
    if (provider.status === 'processed' || provider.status === 'failed')
      await settle(refund.id, provider.status, { providerRefundId: provider.id });
  }

  /** A send that did not get the provider's answer: try again later. */
  async function notSent(refund: RefundRow, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    const now = clock.now();
    // A refusal (4xx) is an answer: the refund failed. Anything else: the outcome is unknown,
    // so it stays as it was and the next attempt first looks for what this one may have made.
    const refused =
      isAppError(error) && (error.type === 'payment_error' || error.type === 'invalid_data');
    await db.transaction(async (tx) => {
      const order = await lockOrder(tx, refund.orderId);
      const row = await lockRefund(tx, refund.id);
      if (!order || !row || row.status === 'processed') return;
      await updateRefund(tx, row.id, {
        status: refused ? 'failed' : row.status,
        lastError: message,
        nextAttemptAt: retryAt(now, row.attempts),
      });
      if (refused && row.status !== 'failed') {
        await appendOrderEvent(tx, {
          orderId: order.id,
          actor: 'system',
          actorLabel: SYSTEM.label ?? null,
          kind: 'refund',
          subjectId: row.id,
          from: row.status,
          to: 'failed',
          note: formatPaise(row.amountPaise),
        });
      }
    });
    log.warn({ err: error, refundId: refund.id, refused }, 'refund not sent; retrying later');
  }

  /**
   * One attempt at a Razorpay refund that is due: taken by a conditional update (never two
   * processes at once), sent outside any transaction, the answer recorded.
   */
  async function send(refundId: string): Promise<RefundRow | undefined> {
    const now = clock.now();
    const refund = await claimRefundForSending(
      db,
      refundId,
      now,
      new Date(now.getTime() + SEND_LEASE_MS),
    );
    if (!refund) return undefined;
    if (!refund.providerPaymentId) {
      await notSent(refund, new AppError('invalid_data', 'The order has no captured payment'));
      return findRefund(db, refundId);
    }
    const key = idempotencyKeyOf(refund);
    try {
      // An earlier attempt whose answer was lost may have made it: adopt that one.
      if (refund.attempts > 1) {
        const made = (await gateway.fetchPaymentRefunds(refund.providerPaymentId)).find(
          (r) => r.notes.idempotency_key === key,
        );
        if (made) {
          await accepted(refund, made);
          return findRefund(db, refundId);
        }
      }
      const provider = await gateway.refundPayment({
        paymentId: refund.providerPaymentId,
        amountPaise: refund.amountPaise,
        idempotencyKey: key,
        notes: { refund_id: refund.id, order_id: refund.orderId },
      });
      await accepted(refund, provider);
    } catch (error) {
      await notSent(refund, error);
    }
    return findRefund(db, refundId);
  }

  /** Finds our row for a provider refund: by its id, or by the refund id its notes carry. */
  async function rowOf(entity: { id: string; notes: unknown }): Promise<RefundRow | undefined> {
    const byProvider = await findRefundByProviderId(db, entity.id);
    if (byProvider) return byProvider;
    const notes = entity.notes as Record<string, unknown> | null | undefined;
    const ours = notes && !Array.isArray(notes) ? notes.refund_id : undefined;
    return typeof ours === 'string' && UUID.test(ours) ? findRefund(db, ours) : undefined;
  }

  async function toAdmin(rows: RefundRow[]): Promise<AdminRefund[]> {
    const heads = await orderHeadsOf(
      db,
      rows.map((r) => r.orderId),
    );
    const contacts = await accountContacts(
      db,
      [...heads.values()].map((h) => h.userId),
    );
    return rows.map((r) => {
      const head = heads.get(r.orderId);
      const user = head ? contacts.get(head.userId) : undefined;
      return {
        orderId: r.orderId,
        orderNumber: head?.orderNumber ?? 0,
        user: { _id: user?.id ?? '', name: user?.name ?? '', email: user?.email ?? '' },
        ...toRefund(r),
        attempts: r.attempts,
        lastError: r.lastError,
        canRetry: r.method === 'razorpay' && r.status === 'failed',
        canMarkPaidOut: r.method === 'upi_payout' && r.status === 'pending',
      };
    });
  }

  async function adminOne(id: string): Promise<AdminRefund> {
    const row = await findRefund(db, id);
    if (!row) throw new AppError('not_found', ADMIN_REFUND_MESSAGES.notFound);
    return (await toAdmin([row]))[0]!;
  }

  /**
   * Accepted refunds that stayed pending without a word: asked about at the provider and settled
   * from its answer; one still pending is asked about again later. One refund's error does not
   * stop the others.
   */
  async function checkUnconfirmed(): Promise<void> {
    const before = new Date(clock.now().getTime() - UNCONFIRMED_AFTER_MS);
    for (const refund of await listUnconfirmedRefunds(db, before, DUE_BATCH)) {
      try {
        const provider = await gateway.fetchRefund(refund.providerRefundId!);
        if (provider.status === 'processed' || provider.status === 'failed') {
          await settle(refund.id, provider.status, {
            providerRefundId: provider.id,
            by: { actor: 'system', label: 'refund check' },
          });
        } else {
          await updateRefund(db, refund.id, {});
        }
      } catch (error) {
        log.warn({ err: error, refundId: refund.id }, 'could not check a pending refund');
      }
    }
  }

  const desk: RefundDesk = {
    issueSoon(refundId) {
      track(
        send(refundId).catch((error: unknown) =>
          log.error({ err: error, refundId }, 'refund send failed'),
        ),
      );
    },

    async handleRefundEvent(event, payload) {
      const entity = (payload as RefundEventPayload | undefined)?.refund?.entity;
      if (!entity || typeof entity.id !== 'string')
        return { handled: false, message: 'Event ignored' };
      const refund = await rowOf({ id: entity.id, notes: entity.notes });
      if (!refund) return { handled: false, message: 'Refund not found' };
      if (entity.amount !== refund.amountPaise || entity.payment_id !== refund.providerPaymentId) {
        log.warn(
          { refundId: refund.id, providerRefundId: entity.id },
          'refund webhook does not match the refund',
        );
        return { handled: false, message: 'Refund does not match' };
      }
      const by: Mover = { actor: 'system', label: 'razorpay webhook' };
      if (event === 'refund.processed' || event === 'refund.failed') {
        const to = event === 'refund.processed' ? 'processed' : 'failed';
        const changed = await settle(refund.id, to, { providerRefundId: entity.id, by });
        return {
          handled: changed !== undefined,
          message: changed ? `Refund ${to}` : 'Refund already settled',
        };
      }
      if (event === 'refund.created') {
        if (refund.providerRefundId || refund.status !== 'pending')
          return { handled: false, message: 'Refund already known' };
        await accepted(refund, {
          id: entity.id,
          paymentId: refund.providerPaymentId ?? '',
          amount: refund.amountPaise,
          status: 'pending',
          notes: {},
        });
        return { handled: true, message: 'Refund accepted' };
      }
      return { handled: false, message: 'Event ignored' };
    },
  };

  return {
    ...desk,

    /** The retry loop's pass: every due Razorpay refund, one after another, in the order due. */
    async retryDue(): Promise<number> {
      const due = await listDueRefunds(db, clock.now(), DUE_BATCH);
      for (const refund of due) await send(refund.id);
      await checkUnconfirmed();
      return due.length;
    },

    async adminList(view: 'open' | 'failed' | 'all'): Promise<AdminRefund[]> {
      return toAdmin(await listRefundsForAdmin(db, view, ADMIN_LIST_LIMIT));
    },

    /** Sends a failed Razorpay refund again now; 409 for anything else. */
    async adminRetry(id: string): Promise<{ refund: AdminRefund; message: string }> {
      const row = await findRefund(db, id);
      if (!row) throw new AppError('not_found', ADMIN_REFUND_MESSAGES.notFound);
      if (row.method !== 'razorpay' || row.status !== 'failed')
        throw new AppError('conflict', ADMIN_REFUND_MESSAGES.retryOnlyFailed);
      const due = await db.transaction(async (tx) => {
        const locked = await lockRefund(tx, id);
        if (locked?.status !== 'failed') return false;
        await updateRefund(tx, id, { nextAttemptAt: clock.now() });
        return true;
      });
      if (!due) throw new AppError('conflict', ADMIN_REFUND_MESSAGES.retryOnlyFailed);
      const after = await send(id);
      const refund = await adminOne(id);
      const message =
        after?.status === 'failed' && after.lastError
          ? ADMIN_REFUND_MESSAGES.retryFailed(after.lastError)
          : ADMIN_REFUND_MESSAGES.retrySent;
      return { refund, message };
    },

    /** Records the admin's UPI payout of a cash-on-delivery refund: processed, and settled. */
    async adminPaidOut(id: string, reference: string, adminEmail: string): Promise<AdminRefund> {
      const row = await findRefund(db, id);
      if (!row) throw new AppError('not_found', ADMIN_REFUND_MESSAGES.notFound);
      if (row.method !== 'upi_payout' || row.status !== 'pending')
        throw new AppError('conflict', ADMIN_REFUND_MESSAGES.paidOutOnlyPending);
      const changed = await settle(id, 'processed', {
        payoutReference: reference,
        by: { actor: 'admin', label: adminEmail },
      });
      if (!changed) throw new AppError('conflict', ADMIN_REFUND_MESSAGES.paidOutOnlyPending);
      return adminOne(id);
    },

    /** Resolves once every send started by issueSoon has finished (tests, shutdown). */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
