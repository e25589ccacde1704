import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  couponRedemptions,
  coupons,
  type CouponRow,
  type NewCouponRow,
} from '../../db/schema/coupons';

export interface CouponWithCount {
  coupon: CouponRow;
  redemptions: number;
  held: number;
}

const selection = {
  coupon: coupons,
  redemptions: sql<number>`(count(*) filter (where ${couponRedemptions.state} = 'redeemed'))::int`,
  held: sql<number>`(count(*) filter (where ${couponRedemptions.state} = 'held'))::int`,
};

/** Every coupon, hidden and inactive ones too, with how often each was used; oldest first. */
export async function listCouponsWithCounts(db: Database): Promise<CouponWithCount[]> {
  return db
    .select(selection)
    .from(coupons)
    .leftJoin(couponRedemptions, eq(couponRedemptions.couponId, coupons.id))
    .groupBy(coupons.id)
    .orderBy(asc(coupons.createdAt), asc(coupons.code));
}

export async function findCouponWithCount(
  db: Database,
  id: string,
): Promise<CouponWithCount | undefined> {
  const [row] = await db
    .select(selection)
    .from(coupons)
    .leftJoin(couponRedemptions, eq(couponRedemptions.couponId, coupons.id))
    .where(eq(coupons.id, id))
    .groupBy(coupons.id);
  return row;
}

/** Undefined when the code is taken (the unique index decides, even for two racing requests). */
export async function insertCoupon(
  db: Database,
  values: NewCouponRow,
): Promise<CouponRow | undefined> {
  const [row] = await db
    .insert(coupons)
    .values(values)
    .onConflictDoNothing({ target: coupons.code })
    .returning();
  return row;
}

export async function updateCoupon(
  db: Database,
  id: string,
  set: Partial<
    Pick<
      NewCouponRow,
      'percent' | 'minSubtotal' | 'maxEarlierOrders' | 'oncePerAccount' | 'hidden' | 'active'
    >
  >,
): Promise<CouponRow | undefined> {
  const [row] = await db.update(coupons).set(set).where(eq(coupons.id, id)).returning();
  return row;
}
