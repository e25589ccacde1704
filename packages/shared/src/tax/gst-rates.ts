import type { Category } from '../constants';
import { indianDay } from '../delivery/delivery-promise';

/**
 * The shop's GST rules as data (docs/decisions/123-gst-invoices.md). Prices are GST-inclusive.
 * Apparel is taxed by the value of each piece after discounts: the lower rate up to a threshold,
 * the higher rate above it. A change in the law is a new row here with the day it takes effect;
 * an invoice uses the row in force on its date, so older invoices keep their rates.
 */

export interface ApparelSlab {
  /** First day in force (India's calendar), `YYYY-MM-DD`. */
  from: string;
  /** The most a piece may be worth, in whole rupees and before GST, for `lowRate` to apply. */
  thresholdRupees: number;
  /** Percent. */
  lowRate: number;
  /** Percent, above the threshold. */
  highRate: number;
}

/** Oldest first. Chapters 61 and 62 (knitted and woven apparel). */
export const APPAREL_GST_SLABS: readonly ApparelSlab[] = [
  { from: '2017-07-01', thresholdRupees: 1000, lowRate: 5, highRate: 12 },
  { from: '2025-09-22', thresholdRupees: 2500, lowRate: 5, highRate: 18 },
];

/** HSN codes the seed and the admin form start from, by category (6 digits: cotton, men's). */
export const HSN_BY_CATEGORY: Readonly<Record<Category, string>> = {
  SHIRTS: '620520',
  'T-SHIRTS': '610910',
  PANTS: '620342',
};

/** The delivery fee's own line: SAC 996812, courier services. */
export const DELIVERY_SAC = '996812';
export const DELIVERY_LINE_DESCRIPTION = 'Delivery charges';

/** An HSN code: 4, 6 or 8 digits, the first two a chapter from 01 to 98. */
export const HSN_PATTERN = /^(0[1-9]|[1-8]\d|9[0-8])(\d{2}|\d{4}|\d{6})$/;

export function isHsnCode(value: string): boolean {
  return HSN_PATTERN.test(value);
}

/** The slab in force on `at` (in India's calendar). */
export function apparelSlabOn(at: Date): ApparelSlab {
  const day = indianDay(at.getTime());
  let found = APPAREL_GST_SLABS[0]!;
  for (const slab of APPAREL_GST_SLABS) if (slab.from <= day) found = slab;
  return found;
}

/**
 * The GST rate (percent) of `quantity` pieces that together cost `paidPaise` after discounts,
 * GST included. The threshold is on the value before GST (the "sale value" of the law): a piece
 * takes the lower rate when its price without the lower rate's GST is within the threshold, i.e.
 * paid per piece ≤ threshold × (100 + lowRate) / 100. Integer arithmetic, no rounding involved.
 */
export function apparelRate(paidPaise: number, quantity: number, at: Date): number {
  const slab = apparelSlabOn(at);
  const limit = slab.thresholdRupees * 100 * quantity * (100 + slab.lowRate);
  return paidPaise * 100 <= limit ? slab.lowRate : slab.highRate;
}
