import { planSizeChange, sizeChangeMessage } from '@vastra/shared/cart/size-change';
import { api, ApiError, toastApiError } from '../api-client';
import { addLateTableGroups } from '../late-table-groups';
import { getToken } from '../session';
import { notify } from '../toast';
import { lineQuantity, rereadStockAfter, send, setLocalLine } from './cart-sync';

// The size change's call is in a late group of the endpoint table: only the cart page makes it.
addLateTableGroups();

/** What became of a size change: the words to show when it went through (or why nothing moved). */
export type SizeChangeResult = { ok: true; message: string } | { ok: false };

/**
 * Moves a cart line to another size of its product (docs/decisions/144-cart-edits.md), merging
 * with a line already in that size as far as the per-line limit and `toLeft` allow — `toLeft`
 * being the units of the new size this shopper may have, as the catalogue on screen says. The
 * rest stays in the old size. Applied locally at once; for a signed-in shopper the server then
 * does the same in one transaction and its answer, the authority on stock, is what the cart
 * keeps. A refusal undoes the local change and its message is shown, as for any cart change.
 */
export async function changeCartSize(
  productId: string,
  sizes: { from: string; to: string },
  toLeft: number,
): Promise<SizeChangeResult> {
  const { from, to } = sizes;
  const before = { from: lineQuantity(productId, from), to: lineQuantity(productId, to) };
  const plan = planSizeChange({ fromQuantity: before.from, toQuantity: before.to, toLeft });
  const apply = (quantities: { from: number; to: number }) => {
    setLocalLine(productId, from, quantities.from);
    setLocalLine(productId, to, quantities.to);
  };
  if (!getToken()) {
    // A visitor's cart is local (docs/product.md §7): the rule is applied here and that is all.
    const message = sizeChangeMessage(plan, sizes, toLeft);
    if (plan.moved === 0) {
      notify.error(message);
      return { ok: false };
    }
    apply(plan);
    return { ok: true, message };
  }
  // The catalogue on screen may be behind: only the server may say that nothing can move.
  if (plan.moved > 0) apply(plan);
  try {
    const answer = await send(() =>
      api.call('cartEdits.resize', { body: { itemId: productId, from, to } }),
    );
    apply({ from: answer.fromQuantity, to: answer.quantity });
    return { ok: true, message: answer.message };
  } catch (error) {
    // Undo unless a later change has already replaced this one.
    if (lineQuantity(productId, from) === plan.from && lineQuantity(productId, to) === plan.to)
      apply(before);
    // An expired session has emptied the cart and said so already.
    if (!(error instanceof ApiError && error.handled)) toastApiError(error);
    rereadStockAfter(error);
    return { ok: false };
  }
}
