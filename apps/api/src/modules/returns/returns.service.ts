import {
  RETURN_STATE,
  RETURN_TRANSITIONS,
  type ReturnKind,
  type ReturnState,
} from '@vastra/shared/order-life/returns';
import { checkTransition, nextStates } from '@vastra/shared/order-life/transitions';
import {
  ORDER_LIFE_MESSAGES as M,
  type AdminReturn,
  type adminReturnMoveSchema,
  type ReturnRequest,
  type ReturnableLine,
  type returnQuoteRequestSchema,
  type returnRequestBodySchema,
} from '@vastra/shared/schemas/order-life';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { RefundRow, ReturnLineRow, ReturnRequestRow } from '../../db/schema/after-sale';
import type { OrderRow } from '../../db/schema/orders';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../providers/mailer/mailer';
import { accountContacts, type AccountContact, type AuthUser } from '../auth/auth.service';
import { productsById } from '../catalog/catalog.service';
import { findOrder } from '../orders/admin-orders.repository';
import { appendOrderEvent } from '../orders/order-events.repository';
import type { Mover } from '../orders/order-transitions';
import { findOrderOfUser, lockOrder } from '../orders/orders.repository';
import type { RefundDesk } from '../refunds/refund-desk';
import { requestRefund } from '../refunds/request-refund';
import type { TaxDesk } from '../tax/tax-desk';
import {
  holdForExchange,
  releaseExchange,
  restockReturned,
  sendExchange,
  unitsAvailable,
  type StockLine,
} from '../stock/stock.service';
import { returnMail, type ReturnNews } from './return-mail';
import { planReturn } from './return-plan';
import { returnableLines } from './returnable';
import {
  findReturn,
  insertReturn,
  listReturnsForAdmin,
  listReturnsOfOrder,
  moveReturnRow,
} from './returns.repository';

/*
 * Returns and size exchanges (docs/decisions/120-returns-and-exchanges.md): the shopper asks in
 * one transaction with the order row locked (two requests racing cannot claim the same units);
 * the admin moves a request along RETURN_TRANSITIONS, one conditional update from the state it
 * saw, each step in the order's history.
 */

const RETURN_NOT_FOUND = 'We could not find this return request';

type QuoteBody = z.output<typeof returnQuoteRequestSchema>;
type CreateBody = z.output<typeof returnRequestBodySchema>;
type MoveBody = z.output<typeof adminReturnMoveSchema>;

/** States a request ends in: the admin's "closed" view. */
const CLOSED: readonly ReturnState[] = [
  RETURN_STATE.rejected,
  RETURN_STATE.refunded,
  RETURN_STATE.exchangeDelivered,
];

/** The steps that belong to only one kind of request. */
const ONLY_FOR: Partial<Record<ReturnState, ReturnKind>> = {
  [RETURN_STATE.refunded]: 'refund',
  [RETURN_STATE.exchangeShipped]: 'exchange',
  [RETURN_STATE.exchangeDelivered]: 'exchange',
};

const words = (state: ReturnState) => state.replace('_', ' ');
const a = (word: string) => `${/^[aeiou]/.test(word) ? 'An' : 'A'} ${word}`;

/** The states the admin may move this request to now. */
export function adminNextStates(row: Pick<ReturnRequestRow, 'kind' | 'state'>): ReturnState[] {
  return nextStates(RETURN_TRANSITIONS, row.state, 'admin').filter(
    (to) => (ONLY_FOR[to] ?? row.kind) === row.kind,
  );
}

/** Why the admin may not make this move, in words; null when they may. */
export function adminMoveRefusal(
  row: Pick<ReturnRequestRow, 'kind' | 'state'>,
  to: ReturnState,
): string | null {
  const next = adminNextStates(row);
  if (next.includes(to) && checkTransition(RETURN_TRANSITIONS, row.state, to, 'admin').ok)
    return null;
  if (row.state === to) return `This request is already ${words(to)}`;
  if (next.length === 0) return `${a(words(row.state))} request cannot be moved`;
  return `${a(row.kind)} request cannot go from ${words(row.state)} to ${words(to)}; next allowed: ${next.map(words).join(' or ')}`;
}

const toMs = (d: Date) => d.getTime();

function toReturnRequest(row: ReturnRequestRow): ReturnRequest {
  return {
    _id: row.id,
    orderId: row.orderId,
    kind: row.kind,
    state: row.state,
    reason: row.reason,
    comment: row.comment,
    lines: row.lines.map((l) => ({
      productId: l.productId,
      name: l.name,
      image: l.image,
      size: l.size,
      quantity: l.quantity,
      exchangeSize: l.exchangeSize,
    })),
    refundPaise: row.refundPaise,
    upiId: row.upiId,
    adminNote: row.adminNote,
    exchangeShipment:
      row.exchangeCourier && row.exchangeTrackingNumber && row.exchangeShippedAt
        ? {
            courier: row.exchangeCourier,
            trackingNumber: row.exchangeTrackingNumber,
            shippedAt: toMs(row.exchangeShippedAt),
          }
        : null,
    createdAt: toMs(row.createdAt),
    updatedAt: toMs(row.updatedAt),
  };
}

function toAdminReturn(
  row: ReturnRequestRow,
  order: Pick<OrderRow, 'orderNumber'>,
  user: AccountContact,
): AdminReturn {
  return {
    ...toReturnRequest(row),
    orderNumber: order.orderNumber,
    user: { _id: user.id, name: user.name, email: user.email },
    nextStates: adminNextStates(row),
  };
}

/** The units of the new sizes an exchange holds, then sends. */
const exchangeUnits = (lines: readonly ReturnLineRow[]): StockLine[] =>
  lines.flatMap((l) =>
    l.exchangeSize ? [{ productId: l.productId, size: l.exchangeSize, quantity: l.quantity }] : [],
  );
/** The units the shopper sends back. */
const returnedUnits = (lines: readonly ReturnLineRow[]): StockLine[] =>
  lines.map((l) => ({ productId: l.productId, size: l.size, quantity: l.quantity }));

/**
 * An exchange goes to another size of the same product, on sale, in its sizes, with the units
 * available now (the hold after this is the guard against a race; this gives the plain message).
 */
async function checkExchangeStock(db: Database, lines: readonly ReturnLineRow[]): Promise<void> {
  const products = await productsById(
    db,
    lines.map((l) => l.productId),
  );
  const wanted = new Map<string, { line: ReturnLineRow; units: number }>();
  for (const line of lines) {
    const size = line.exchangeSize ?? '';
    const product = products.get(line.productId);
    if (!product || product.deletedAt !== null || !product.sizes.includes(size))
      throw new AppError('conflict', M.exchangeSoldOut(line.name, size));
    const k = `${line.productId}\u0000${size}`;
    wanted.set(k, { line, units: (wanted.get(k)?.units ?? 0) + line.quantity });
  }
  for (const { line, units } of wanted.values()) {
    const size = line.exchangeSize ?? '';
    if ((await unitsAvailable(db, line.productId, size)) < units)
      throw new AppError('conflict', M.exchangeSoldOut(line.name, size));
  }
}

const sum = (lines: readonly ReturnLineRow[]) => lines.reduce((a, l) => a + l.refundPaise, 0);

/** Which mail a step sends the shopper, if any. */
const NEWS: Partial<Record<ReturnState, ReturnNews>> = {
  [RETURN_STATE.approved]: 'approved',
  [RETURN_STATE.rejected]: 'rejected',
  [RETURN_STATE.pickedUp]: 'picked_up',
  [RETURN_STATE.exchangeShipped]: 'exchange_shipped',
};

export function createReturnsService(deps: {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  log: Logger;
  /** Sends the refund a received return requested (refunds module); wired by app.ts. */
  refunds: RefundDesk;
  /** Writes the credit note of a returned order's refund (the tax module). */
  tax: TaxDesk;
}) {
  const { db, clock, mailer, log } = deps;
  const notFound = () => new AppError('not_found', M.notFound);

  function mail(news: ReturnNews, row: ReturnRequestRow, order: OrderRow, user: AccountContact) {
    // Best effort: a mail failure never undoes the step.
    mailer.send(returnMail(news, row, order, user)).catch((error: unknown) => {
      log.warn({ err: error, returnId: row.id }, 'return e-mail not sent');
    });
  }

  return {
    /** What a refund would be now (0 for an exchange), after every check a request gets; no write. */
    async quote(user: AuthUser, body: QuoteBody): Promise<number> {
      const order = await findOrderOfUser(db, body.orderId, user.id);
      if (!order) throw notFound();
      const lines = planReturn({
        order,
        returns: await listReturnsOfOrder(db, order.id),
        kind: body.kind,
        lines: body.lines,
        now: clock.now(),
      });
      if (body.kind === 'exchange') await checkExchangeStock(db, lines);
      return sum(lines);
    },

    /** Asks for a return or an exchange: checked, written, units held, in one transaction. */
    async create(user: AuthUser, body: CreateBody): Promise<ReturnRequest> {
      const row = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, body.orderId);
        if (!order || order.userId !== user.id) throw notFound();
        const now = clock.now();
        const lines = planReturn({
          order,
          returns: await listReturnsOfOrder(tx, order.id),
          kind: body.kind,
          lines: body.lines,
          now,
        });
        const cashRefund = body.kind === 'refund' && order.paymentMethod === 'cod';
        if (cashRefund && !body.upiId) throw new AppError('invalid_data', M.upiIdNeeded);
        if (body.kind === 'exchange') await checkExchangeStock(tx, lines);
        const created = await insertReturn(tx, {
          orderId: order.id,
          userId: user.id,
          kind: body.kind,
          reason: body.reason,
          comment: body.comment || null,
          lines,
          refundPaise: sum(lines),
          upiId: cashRefund ? (body.upiId ?? null) : null,
          createdAt: now,
          updatedAt: now,
        });
        if (body.kind === 'exchange')
          await holdForExchange(tx, exchangeUnits(lines), { orderId: order.id, actor: 'shopper' });
        await appendOrderEvent(tx, {
          orderId: order.id,
          actor: 'shopper',
          actorLabel: null,
          kind: 'return',
          subjectId: created.id,
          from: null,
          to: RETURN_STATE.requested,
          note: body.reason,
          at: now,
        });
        return created;
      });
      log.info({ returnId: row.id, orderId: row.orderId, kind: row.kind }, 'return requested');
      return toReturnRequest(row);
    },

    /** The admin's list: open (being worked), closed (ended) or all. */
    async adminList(view: 'open' | 'closed' | 'all'): Promise<AdminReturn[]> {
      const rows = await listReturnsForAdmin(db, view, CLOSED);
      const orderIds = [...new Set(rows.map((r) => r.orderId))];
      const orders = new Map(
        (await Promise.all(orderIds.map((id) => findOrder(db, id)))).flatMap((o) =>
          o ? [[o.id, o] as const] : [],
        ),
      );
      const users = await accountContacts(
        db,
        rows.map((r) => r.userId),
      );
      return rows.flatMap((row) => {
        const order = orders.get(row.orderId);
        const user = users.get(row.userId);
        return order && user ? [toAdminReturn(row, order, user)] : [];
      });
    },

    /**
     * One step of a request by the admin (`admin`: their e-mail, for the history and the ledger).
     * Receiving a refund request asks for its refund and ends it at refunded in the same
     * transaction; the refund is handed to the refund desk once that commits.
     */
    async adminMove(id: string, body: MoveBody, admin: string): Promise<AdminReturn> {
      const seen = await findReturn(db, id);
      if (!seen) throw new AppError('not_found', RETURN_NOT_FOUND);
      const { to } = body;
      const refusal = adminMoveRefusal(seen, to);
      if (refusal) throw new AppError('conflict', refusal);
      if (to === RETURN_STATE.exchangeShipped) {
        if (!body.courier) throw new AppError('invalid_data', 'Please enter the courier');
        if (!body.trackingNumber)
          throw new AppError('invalid_data', 'Please enter the tracking number');
      }
      const by: Mover = { actor: 'admin', label: admin };
      const who = { orderId: seen.orderId, actor: admin };

      const { row, order, refund } = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, seen.orderId);
        if (!order) throw new AppError('not_found', RETURN_NOT_FOUND);
        const now = clock.now();
        const noted = to === RETURN_STATE.approved || to === RETURN_STATE.rejected;
        let row = await moveReturnRow(tx, {
          id,
          from: seen.state,
          to,
          at: now,
          set: {
            ...(noted && body.note ? { adminNote: body.note } : {}),
            ...(to === RETURN_STATE.exchangeShipped
              ? {
                  exchangeCourier: body.courier ?? null,
                  exchangeTrackingNumber: body.trackingNumber ?? null,
                  exchangeShippedAt: now,
                }
              : {}),
          },
        });
        if (!row) throw new AppError('conflict', M.changedMeanwhile);
        const event = { orderId: order.id, kind: 'return' as const, subjectId: id, at: now };
        await appendOrderEvent(tx, {
          ...event,
          actor: 'admin',
          actorLabel: admin,
          from: seen.state,
          to,
          note: body.note ?? null,
        });
        let refund: RefundRow | null = null;
        if (to === RETURN_STATE.rejected && row.kind === 'exchange')
          await releaseExchange(tx, exchangeUnits(row.lines), who);
        if (to === RETURN_STATE.exchangeShipped)
          await sendExchange(tx, exchangeUnits(row.lines), who);
        if (to === RETURN_STATE.received) {
          await restockReturned(tx, returnedUnits(row.lines), who);
          if (row.kind === 'refund') {
            if (row.refundPaise > 0)
              refund = await requestRefund(tx, {
                order,
                amountPaise: row.refundPaise,
                reason: 'returned',
                returnId: id,
                upiId: row.upiId,
                by,
                at: now,
                tax: deps.tax,
              });
            const refunded = RETURN_STATE.refunded;
            row = await moveReturnRow(tx, { id, from: to, to: refunded, at: now });
            if (!row) throw new AppError('conflict', M.changedMeanwhile);
            await appendOrderEvent(tx, {
              ...event,
              actor: 'system',
              actorLabel: 'return received',
              from: to,
              to: refunded,
              note: null,
            });
          }
        }
        return { row, order, refund };
      });

      log.info({ returnId: id, from: seen.state, to: row.state }, 'return moved');
      if (refund) deps.refunds.issueSoon(refund.id);
      const user = (await accountContacts(db, [row.userId])).get(row.userId);
      if (!user) throw new AppError('not_found', RETURN_NOT_FOUND);
      const news = NEWS[to];
      if (news) mail(news, row, order, user);
      return toAdminReturn(row, order, user);
    },
  };
}

export type ReturnsService = ReturnType<typeof createReturnsService>;

/**
 * The order page's part of the returns (docs/decisions/120-returns-and-exchanges.md): the order's
 * requests, and what the shopper may still return or exchange now.
 */
export async function returnsOfOrder(
  db: Database,
  order: OrderRow,
  now: Date,
): Promise<{ returns: ReturnRequest[]; returnable: ReturnableLine[] }> {
  const rows = await listReturnsOfOrder(db, order.id);
  return {
    returns: rows.map(toReturnRequest),
    returnable: await returnableLines(db, order, rows, now),
  };
}
