import type { z } from 'zod';
import type { ErrorResponse } from '../schemas/common';
import type { Endpoint } from './endpoint';
import { account } from './endpoints/account';
import { admin } from './endpoints/admin';
import { cart } from './endpoints/cart';
import { cartEdits } from './endpoints/cart-edits';
import { catalog } from './endpoints/catalog';
import { addresses } from './endpoints/addresses';
import { coupons } from './endpoints/coupons';
import { delivery } from './endpoints/delivery';
import { home, homeHero } from './endpoints/home-hero';
import { development } from './endpoints/development';
import { operations } from './endpoints/operations';
import { pages } from './endpoints/pages';
import { orders } from './endpoints/orders';
import { payments, razorpayEmulator } from './endpoints/payments';
import { refunds } from './endpoints/refunds';
import { returns } from './endpoints/returns';
import { reviews } from './endpoints/reviews';
import { taxReport } from './endpoints/tax-report';
import { wishlist } from './endpoints/wishlist';

export type { Endpoint, EndpointSchema, HttpMethod, RefusalStatus } from './endpoint';

/**
 * Every route the API serves, once: method, path, and the zod schemas of its body, query, params,
 * answer and refusals (docs/decisions/100-endpoint-table.md). The Fastify routes register from it,
 * the reference at /api/docs is generated from it, and the storefront may import any group
 * (`@vastra/shared/api/endpoints/cart`) without pulling in the others. Only the storefront's own
 * files (`/assets/*`, `/uploads/*`, `/media/videos/*`, the SPA fallback) are not here.
 */
export const endpoints = {
  account,
  catalog,
  cart,
  coupons,
  orders,
  payments,
  home,
  cartEdits,
  addresses,
  wishlist,
  reviews,
  delivery,
  homeHero,
  admin,
  refunds,
  returns,
  taxReport,
  razorpayEmulator,
  pages,
  operations,
  development,
} as const satisfies Record<string, Record<string, Endpoint>>;

export type Endpoints = typeof endpoints;

/** `'cart.update'`, `'admin.productList'`, …: every endpoint by `<group>.<name>`. */
export type EndpointName = {
  [G in keyof Endpoints]: `${G}.${keyof Endpoints[G] & string}`;
}[keyof Endpoints];

/** The table's entry for a name: `EndpointOf<'cart.update'>['url']` is `'/api/cart/update'`. */
export type EndpointOf<N extends EndpointName> =
  N extends `${infer G extends keyof Endpoints}.${infer K}`
    ? K extends keyof Endpoints[G]
      ? Endpoints[G][K]
      : never
    : never;

type SchemaPart<N extends EndpointName, P extends string> =
  EndpointOf<N>['schema'] extends Record<P, infer S extends z.ZodType> ? S : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a client sends as the JSON body (`undefined` for calls without one). */
export type EndpointBody<N extends EndpointName> = Input<SchemaPart<N, 'body'>>;
/** The query string's fields, as a client writes them. */
export type EndpointQuery<N extends EndpointName> = Input<SchemaPart<N, 'querystring'>>;
/** The path's `:params`. */
export type EndpointParams<N extends EndpointName> = Input<SchemaPart<N, 'params'>>;

type Responses<N extends EndpointName> = EndpointOf<N>['schema'] extends {
  response: infer R;
}
  ? R
  : never;

/** The 200 answer, as the client receives it (`never` for a route whose answer is not ours). */
export type EndpointAnswer<N extends EndpointName> = EndpointOf<N>['schema'] extends {
  response: { 200: infer S extends z.ZodType };
}
  ? z.output<S>
  : never;

/** The statuses a refusal of this endpoint may come with. */
export type EndpointRefusalStatus<N extends EndpointName> = Exclude<keyof Responses<N>, 200>;
/** Every refusal has one shape: `{ success: false, message }`. */
export type EndpointRefusal = ErrorResponse;

/** Every endpoint of the table with its `<group>.<name>`, for tests and the reference. */
export function listEndpoints(): { name: EndpointName; endpoint: Endpoint }[] {
  return Object.entries(endpoints).flatMap(([group, entries]) =>
    Object.entries(entries as Record<string, Endpoint>).map(([name, endpoint]) => ({
      name: `${group}.${name}` as EndpointName,
      endpoint,
    })),
  );
}
