import { and, asc, eq, isNull, ne, or } from 'drizzle-orm';
import { COUPON_KINDS, type CouponDefinition } from '@vastra/shared/pricing/coupons';
import type { Database } from '../../db/client';
import { couponRedemptions, coupons, type CouponRow } from '../../db/schema/coupons';

function toDefinition(row: CouponRow): CouponDefinition {
  const kind = COUPON_KINDS.find((k) => k === row.kind);
  // The table's check constraint allows only these kinds; a stranger row is a bug, not input.
  if (!kind) throw new Error(`coupon ${row.code} has an unknown kind ${row.kind}`);
  return {
    code: row.code,
    kind,
    percent: row.percent,
    minSubtotal: row.minSubtotal,
    maxEarlierOrders: row.maxEarlierOrders,
    oncePerAccount: row.oncePerAccount,
    hidden: row.hidden,
    active: row.active,
  };
}

/** Every coupon, active or not (the rules decide); a small table, read whole. */
export async function readCoupons(db: Database): Promise<CouponDefinition[]> {
  const rows = await db.select().from(coupons).orderBy(asc(coupons.createdAt), asc(coupons.code));
  return rows.map(toDefinition);
}

/** The Available Offers: active and not hidden, oldest first. */
export async function readVisibleCoupons(db: Database): Promise<CouponDefinition[]> {
  const rows = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.active, true), eq(coupons.hidden, false)))
    .orderBy(asc(coupons.createdAt), asc(coupons.code));
  return rows.map(toDefinition);
}

/** Codes this account has redeemed or holds on an unpaid order, except on `exceptOrderId`. */
export async function readRedeemedCodes(
  db: Database,
  userId: string,
  exceptOrderId: string | null,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ code: coupons.code })
    .from(couponRedemptions)
    .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
    .where(
      and(
        eq(couponRedemptions.userId, userId),
        exceptOrderId === null
          ? undefined
          : or(isNull(couponRedemptions.orderId), ne(couponRedemptions.orderId, exceptOrderId)),
      ),
    );
  return rows.map((r) => r.code);
}

/** An order's held use becomes a redemption (it was paid); false when it holds none. */
export async function redeemHeldUse(db: Database, orderId: string): Promise<boolean> {
  const rows = await db
    .update(couponRedemptions)
    .set({ state: 'redeemed' })
    .where(and(eq(couponRedemptions.orderId, orderId), eq(couponRedemptions.state, 'held')))
    .returning({ id: couponRedemptions.id });
  return rows.length > 0;
}

/** An order's held use is given back (its hold ended unpaid). */
export async function deleteHeldUse(db: Database, orderId: string): Promise<void> {
  await db
    .delete(couponRedemptions)
    .where(and(eq(couponRedemptions.orderId, orderId), eq(couponRedemptions.state, 'held')));
}

/** Every use an order made of a coupon, held or redeemed, is given back (it was cancelled). */
export async function deleteUsesOfOrder(db: Database, orderId: string): Promise<void> {
  await db.delete(couponRedemptions).where(eq(couponRedemptions.orderId, orderId));
}

/**
 * Records a use of a coupon (for order creation, in its transaction). False when the coupon is
 * once per account and this account already used it: the partial unique index decides, so two
 * racing orders cannot both get it. Throws when the code is not a coupon.
 */
export async function insertRedemption(
  db: Database,
  use: { code: string; userId: string; orderId: string | null; state: 'held' | 'redeemed' },
): Promise<boolean> {
  const [coupon] = await db
    .select({ id: coupons.id, oncePerAccount: coupons.oncePerAccount })
    .from(coupons)
    .where(eq(coupons.code, use.code))
    .limit(1);
  if (!coupon) throw new Error(`no coupon ${use.code}`);
  const rows = await db
    .insert(couponRedemptions)
    .values({
      couponId: coupon.id,
      userId: use.userId,
      orderId: use.orderId,
      oncePerAccount: coupon.oncePerAccount,
      state: use.state,
    })
    .onConflictDoNothing()
    .returning({ id: couponRedemptions.id });
  return rows.length > 0;
}
