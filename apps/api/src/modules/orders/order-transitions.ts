import { and, eq } from 'drizzle-orm';
import { FULFILMENT_TRANSITIONS, type OrderStatus } from '@vastra/shared/order-life/fulfilment';
import { PAYMENT_TRANSITIONS, type PaymentState } from '@vastra/shared/order-life/payment-state';
import {
  checkTransition,
  type OrderActor,
  type Transition,
} from '@vastra/shared/order-life/transitions';
import { ORDER_LIFE_MESSAGES } from '@vastra/shared/schemas/order-life';
import type { Database } from '../../db/client';
import { orders, type NewOrderRow, type OrderRow } from '../../db/schema/orders';
import { AppError } from '../../lib/app-error';
import { appendOrderEvent } from './order-events.repository';

/**
 * The one way an order's status or payment state changes (docs/decisions/118-order-life.md):
 * the move is checked against the shared table, written as one conditional UPDATE from the
 * expected state, and recorded in the order's history, all in the caller's transaction. A lost
 * race (the row is no longer at `from`) is a 409 and changes nothing.
 */

/** Who asked: the actor of the tables, and for the admin's eyes only who exactly or what. */
export interface Mover {
  actor: OrderActor;
  /** The admin's e-mail, or the part of the shop ('razorpay webhook', 'sweep', 'checkout'). */
  label?: string | null;
}

interface Move<S extends string> {
  orderId: string;
  from: S;
  to: S;
  by: Mover;
  note?: string | null;
  /** Other columns written by the same UPDATE (courier, deliveredAt, paidAt, …). */
  set?: Partial<Omit<NewOrderRow, 'id' | 'status' | 'paymentState'>>;
  at?: Date;
}

function refuse<S extends string>(table: readonly Transition<S>[], move: Move<S>): never {
  const verdict = checkTransition(table, move.from, move.to, move.by.actor);
  // Only reached when the verdict is not ok; a programming error, not the shopper's.
  throw new AppError(
    'conflict',
    verdict.ok ? ORDER_LIFE_MESSAGES.changedMeanwhile : `Not allowed: ${move.from} → ${move.to}`,
  );
}

/**
 * The one conditional move: checked against `table`, one UPDATE of `column` from `move.from`
 * (409 when the row is no longer there), and the history row of `kind`.
 */
async function applyMove<S extends string>(
  tx: Database,
  table: readonly Transition<S>[],
  kind: 'status' | 'payment',
  move: Move<S>,
): Promise<OrderRow> {
  if (!checkTransition(table, move.from, move.to, move.by.actor).ok) refuse(table, move);
  const column = kind === 'status' ? orders.status : orders.paymentState;
  const set = kind === 'status' ? { status: move.to } : { paymentState: move.to };
  const [row] = await tx
    .update(orders)
    .set({ ...move.set, ...set } as Partial<NewOrderRow>)
    .where(and(eq(orders.id, move.orderId), eq(column, move.from)))
    .returning();
  if (!row) throw new AppError('conflict', ORDER_LIFE_MESSAGES.changedMeanwhile);
  await appendOrderEvent(tx, {
    orderId: move.orderId,
    actor: move.by.actor,
    actorLabel: move.by.label ?? null,
    kind,
    subjectId: null,
    from: move.from,
    to: move.to,
    note: move.note ?? null,
    ...(move.at ? { at: move.at } : {}),
  });
  return row;
}

/** Moves the parcel's status along FULFILMENT_TRANSITIONS; throws 409 when it is not at `from`. */
export function moveStatus(tx: Database, step: Move<OrderStatus>): Promise<OrderRow> {
  return applyMove(tx, FULFILMENT_TRANSITIONS, 'status', step);
}

/** Moves the money's state along PAYMENT_TRANSITIONS; throws 409 when it is not at `from`. */
export function movePayment(tx: Database, step: Move<PaymentState>): Promise<OrderRow> {
  return applyMove(tx, PAYMENT_TRANSITIONS, 'payment', step);
}
