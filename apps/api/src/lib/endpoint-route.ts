import type { Endpoint } from '@vastra/shared/api/endpoints';

/**
 * What a Fastify route takes from its entry in the endpoint table: method, url and schema, written
 * once in packages/shared (docs/decisions/100-endpoint-table.md). Spread it into `route()`:
 * `api.route({ ...routeOf(endpoints.cart.update), onRequest, handler })`; the zod type provider
 * then types the handler's body, query, params and answer from the table's schemas.
 */
export function routeOf<E extends Endpoint>(
  endpoint: E,
  /** A plugin registered with a prefix gives it here; the table holds the full path. */
  prefix = '',
): { method: E['method']; url: string; schema: E['schema'] } {
  if (!endpoint.url.startsWith(prefix)) {
    throw new Error(`${endpoint.url} is not under ${prefix}`);
  }
  return {
    method: endpoint.method,
    url: endpoint.url.slice(prefix.length),
    schema: endpoint.schema,
  };
}
