import { LIMITS } from '../constants';
import { notEnoughMessage } from '../stock-text';

/**
 * Moving a cart line to another size (docs/decisions/144-cart-edits.md): the rule and the words,
 * the same for the server's cart and a visitor's local one. Free of zod, so the cart page can
 * import it without loading the schemas.
 */

const MAX = LIMITS.cartLineQuantityMax;

/** Why the plus button of a line stops at the per-line limit. */
export const LINE_LIMIT_NOTE = `${MAX} is the most per order line`;

export interface SizeChangePlan {
  /** Units that move from the old size to the new one. */
  moved: number;
  /** The new size's line afterwards. */
  to: number;
  /** What stays in the old size (0: that line goes). */
  from: number;
  /** What stopped units from moving: the per-line limit, the new size's stock, or nothing. */
  limit: 'line' | 'stock' | null;
}

/**
 * Moves as much of the old line as the new size's line can take: up to the per-line limit and to
 * `toLeft`, the units of the new size this shopper may have (stock plus their own open order's
 * hold). What cannot move stays in the old size rather than being lost.
 */
export function planSizeChange(line: {
  fromQuantity: number;
  toQuantity: number;
  toLeft: number;
}): SizeChangePlan {
  const { fromQuantity, toQuantity, toLeft } = line;
  const room = Math.max(0, Math.min(MAX, toLeft) - toQuantity);
  const moved = Math.min(fromQuantity, room);
  const limit = moved < fromQuantity ? (toLeft < MAX ? 'stock' : 'line') : null;
  return { moved, to: toQuantity + moved, from: fromQuantity - moved, limit };
}

const units = (n: number) => (n === 1 ? '1 stays' : `${n} stay`);

/** Why the new size's line can take no more: 'Size L already has 10, …' or 'Only 2 left in size L'. */
function limitReason(plan: SizeChangePlan, to: string, toLeft: number): string {
  return plan.limit === 'line'
    ? `Size ${to} has ${MAX}, the most per order line`
    : notEnoughMessage(to, toLeft);
}

/**
 * What the shopper reads after a size change: the refusal when nothing could move, what stayed
 * behind when some could not, else where the units went.
 */
export function sizeChangeMessage(
  plan: SizeChangePlan,
  sizes: { from: string; to: string },
  toLeft: number,
): string {
  const { from, to } = sizes;
  if (plan.moved === 0) return limitReason(plan, to, toLeft);
  if (plan.from > 0) return `${limitReason(plan, to, toLeft)}: ${units(plan.from)} in size ${from}`;
  if (plan.to > plan.moved) return `Size changed to ${to}, merged into that line: now ${plan.to}`;
  return `Size changed to ${to}`;
}
