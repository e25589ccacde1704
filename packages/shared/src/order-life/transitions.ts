/**
 * The shape every machine of an order's life shares (docs/decisions/118-order-life.md): one table
 * of allowed moves, each with who may make it. The API checks a move here before its conditional
 * update; the storefront and the admin offer only the moves this table allows their actor.
 */

/** Who moves an order: the shopper, the shop owner, or the shop itself (checkout, webhooks, sweep). */
export const ORDER_ACTORS = ['shopper', 'admin', 'system'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

export interface Transition<S extends string> {
  from: S;
  to: S;
  by: readonly OrderActor[];
}

export type TransitionVerdict =
  { ok: true } | { ok: false; reason: 'same' | 'not_a_step' | 'not_yours' };

/** Whether `actor` may move a machine from `from` to `to` according to `table`. */
export function checkTransition<S extends string>(
  table: readonly Transition<S>[],
  from: S,
  to: S,
  actor: OrderActor,
): TransitionVerdict {
  if (from === to) return { ok: false, reason: 'same' };
  const step = table.find((t) => t.from === from && t.to === to);
  if (!step) return { ok: false, reason: 'not_a_step' };
  if (!step.by.includes(actor)) return { ok: false, reason: 'not_yours' };
  return { ok: true };
}

/** The states `actor` may move to from `from`, in the table's order. */
export function nextStates<S extends string>(
  table: readonly Transition<S>[],
  from: S,
  actor: OrderActor,
): S[] {
  return table.filter((t) => t.from === from && t.by.includes(actor)).map((t) => t.to);
}
