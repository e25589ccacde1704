import { COUPON_KINDS, couponDescription } from '@vastra/shared/pricing/coupons';
import {
  ADMIN_COUPON_MESSAGES as M,
  type AdminCoupon,
  type AdminCouponCreate,
  type AdminCouponUpdate,
} from '@vastra/shared/schemas/admin';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  findCouponWithCount,
  insertCoupon,
  listCouponsWithCounts,
  updateCoupon,
  type CouponWithCount,
} from './admin-coupons.repository';

function toAdminCoupon({ coupon, redemptions, held }: CouponWithCount): AdminCoupon {
  const kind = COUPON_KINDS.find((k) => k === coupon.kind);
  // The table's check constraint allows only these kinds.
  if (!kind) throw new Error(`coupon ${coupon.code} has an unknown kind ${coupon.kind}`);
  const definition = { ...coupon, kind };
  return {
    _id: coupon.id,
    code: coupon.code,
    kind,
    percent: coupon.percent,
    minSubtotal: coupon.minSubtotal,
    maxEarlierOrders: coupon.maxEarlierOrders,
    oncePerAccount: coupon.oncePerAccount,
    hidden: coupon.hidden,
    active: coupon.active,
    redemptions: Number(redemptions),
    held: Number(held),
    description: couponDescription(definition),
    createdAt: coupon.createdAt.getTime(),
  };
}

/**
 * Coupons as rows (decision 065): the admin adds them and changes their limits and flags. The code
 * and kind never change: orders and redemptions name the code, and a kind change would silently
 * turn one offer into another. The checkout reads the table on every check, so a change applies at once.
 */
export function createAdminCouponsService(deps: { db: Database }) {
  const { db } = deps;

  async function reread(id: string): Promise<AdminCoupon> {
    const row = await findCouponWithCount(db, id);
    if (!row) throw new AppError('not_found', M.notFound);
    return toAdminCoupon(row);
  }

  return {
    async list(): Promise<AdminCoupon[]> {
      return (await listCouponsWithCounts(db)).map(toAdminCoupon);
    },

    async create(input: AdminCouponCreate): Promise<AdminCoupon> {
      const row = await insertCoupon(db, input);
      if (!row) throw new AppError('conflict', M.duplicate(input.code));
      return toAdminCoupon({ coupon: row, redemptions: 0, held: 0 });
    },

    async update(id: string, patch: AdminCouponUpdate): Promise<AdminCoupon> {
      const current = await findCouponWithCount(db, id);
      if (!current) throw new AppError('not_found', M.notFound);
      if (patch.percent !== undefined && current.coupon.kind === 'free_delivery')
        throw new AppError('invalid_data', M.percentForFreeDelivery);
      const row = await updateCoupon(db, id, patch);
      if (!row) throw new AppError('not_found', M.notFound);
      return reread(id);
    },
  };
}

export type AdminCouponsService = ReturnType<typeof createAdminCouponsService>;
