import type { Endpoint } from '@vastra/shared/api/endpoint';
import type { EndpointAnswer } from '@vastra/shared/api/endpoints';
import type { CallableEndpoint, ResponseSchema, SchemaSource } from './api-client';
import { answerGuards, type GuardedEndpoint } from './answer-guards';

type GroupOf<N> = N extends `${infer G}.${string}` ? G : never;
/** The groups with an endpoint no guard checks: those whose schemas `call` may need to load. */
type LoadedGroup = GroupOf<Exclude<CallableEndpoint, GuardedEndpoint>>;

/**
 * Each such group of the endpoint table as its own lazy chunk: zod and the group's schemas load
 * with the first call that needs them, alongside the request (docs/decisions/022, 105). A group
 * whose every answer is guarded (catalogue, cart, payment mode) is never loaded, so it has no
 * entry; an endpoint added to it without a guard makes this record fail to compile until it has.
 */
export type GroupLoader = () => Promise<Record<string, Endpoint>>;
/**
 * Groups called only from lazily loaded chunks (the admin area; the order page and the admin's
 * returns desk). Their loaders live in those chunks and are added with `addTableGroups` when they
 * load (features/admin/api/admin-calls.ts, features/orders/api/order-calls.ts), so the shopper's
 * first chunk does not carry them (its JavaScript budget, docs/decisions/022).
 */
export type LateTableGroup =
  | 'addresses'
  | 'admin'
  | 'cartEdits'
  | 'delivery'
  | 'homeHero'
  | 'refunds'
  | 'returns'
  | 'reviews'
  | 'taxReport'
  | 'wishlist';

const tableGroups: Record<Exclude<LoadedGroup, LateTableGroup>, GroupLoader> &
  Partial<Record<LateTableGroup, GroupLoader>> = {
  account: () => import('@vastra/shared/api/endpoints/account').then((m) => m.account),
  coupons: () => import('@vastra/shared/api/endpoints/coupons').then((m) => m.coupons),
  orders: () => import('@vastra/shared/api/endpoints/orders').then((m) => m.orders),
  operations: () => import('@vastra/shared/api/endpoints/operations').then((m) => m.operations),
};

/** Groups of LateTableGroup, added by the chunk that calls them when it loads. */
export function addTableGroups(groups: Partial<Record<LateTableGroup, GroupLoader>>): void {
  Object.assign(tableGroups, groups);
}

/**
 * How `call` checks an endpoint's answer, the same for every caller: the hand-written guard
 * registered for it (first-chunk answers), else the endpoint's 200 schema from the table.
 */
export function answerCheckOf<N extends CallableEndpoint>(
  name: N,
): SchemaSource<EndpointAnswer<N>> {
  const guards: Partial<Record<CallableEndpoint, ResponseSchema<unknown>>> = answerGuards;
  const guard = guards[name];
  if (guard) return guard as ResponseSchema<EndpointAnswer<N>>;
  const [group, key] = name.split('.') as [LoadedGroup, string];
  return async () => {
    const load = tableGroups[group];
    if (!load) throw new Error(`${name}: its group is added by the chunk that calls it`);
    const answer = (await load())[key]?.schema.response?.[200];
    if (!answer) throw new Error(`${name} declares no answer`);
    return answer as ResponseSchema<EndpointAnswer<N>>;
  };
}
