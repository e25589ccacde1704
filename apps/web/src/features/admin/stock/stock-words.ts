import { ALL_SIZES } from '@vastra/shared/constants';
import {
  STOCK_MESSAGES,
  type AdminSizeStock,
  type StockMovement,
  type StockMovementReason,
} from '@vastra/shared/schemas/stock';

/**
 * How the admin screens put stock into words (docs/decisions/112-admin-stock-screens.md): one
 * place, so the list, the low-stock view, the history and the form say the same thing.
 */

/** One size of a product in the list: what can be sold now, and whether none can. */
export interface SizeLine {
  size: string;
  available: number;
  held: number;
  soldOut: boolean;
}

/** The product's sizes in its own order, each with what is available; a size without a row is 0. */
export function sizeLines(
  sizes: readonly string[],
  stock: Readonly<Record<string, AdminSizeStock>>,
): SizeLine[] {
  return sizes.map((size) => {
    const row = stock[size];
    const available = row?.available ?? 0;
    return { size, available, held: row?.held ?? 0, soldOut: available <= 0 };
  });
}

/** `S 12 · M 0 · L 3`: the compact line a screen reader and a test read as text. */
export function compactStock(lines: readonly SizeLine[]): string {
  return lines.map((l) => `${l.size} ${l.available}`).join(' · ');
}

/** The sizes in the shop's order (tops, then waists): the order the form lists them in. */
export function inShopOrder(sizes: readonly string[]): string[] {
  return ALL_SIZES.filter((size) => sizes.includes(size));
}

const REASONS: Record<StockMovementReason, string> = {
  seed: 'Opening stock',
  admin: 'Stock changed by staff',
  order_held: 'Held for an unpaid order',
  order_sold: 'Sold',
  hold_released: 'Hold released (order not paid)',
  product_deleted: 'Product deleted',
  order_cancelled: 'Back from a cancelled order',
  exchange_held: 'Held for a size exchange',
  exchange_sent: 'Sent as a size exchange',
  exchange_released: 'Exchange hold released',
  return_restocked: 'Back from a return',
};

/** A ledger reason in words. */
export function reasonInWords(reason: StockMovementReason): string {
  return REASONS[reason];
}

/** Who made a movement: the admin's e-mail as it is, a shopper's order, or the shop itself. */
export function actorInWords(actor: StockMovement['actor']): string {
  if (actor === 'shopper') return 'Shopper';
  if (actor === 'system') return 'Shop (automatic)';
  return actor;
}

/** A change of units: `+12`, `−1` (a true minus sign), or an em dash for none. */
export function signed(change: number): string {
  if (change === 0) return '—';
  return change > 0 ? `+${change}` : `−${-change}`;
}

/**
 * The size a `belowHeld` refusal names, among the sizes sent: the server's message is the shared
 * one (`STOCK_MESSAGES.belowHeld(size, held)`), so it is matched against that, not parsed by hand.
 */
export function sizeRefusedBelowHeld(message: string, sizes: readonly string[]): string | null {
  const numbers = message.match(/\d+/g) ?? [];
  for (const size of sizes)
    for (const n of numbers) if (STOCK_MESSAGES.belowHeld(size, Number(n)) === message) return size;
  return null;
}
