import type { z } from 'zod';
import { errorResponseSchema } from '../schemas/common';
import type { Route } from './routes';

export type { HttpMethod } from './routes';

/** The statuses a refusal (`{ success: false, message }`) may come with. */
export type RefusalStatus = 400 | 401 | 403 | 404 | 408 | 409 | 413 | 429 | 500 | 503;

export interface EndpointSchema {
  summary: string;
  description?: string;
  tags: readonly string[];
  /** Signed-in calls: the session token as `token` or `Authorization: Bearer`. */
  security?: ReadonlyArray<Record<string, readonly string[]>>;
  /** A multipart/form-data call: the body is read by the handler, never by the route's schema. */
  consumes?: readonly string[];
  produces?: readonly string[];
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  /** 200: the answer; other statuses: the refusals. Absent when the answer is not the shop's JSON. */
  response?: { readonly [status: number]: z.ZodType };
}

/**
 * One entry of the endpoint table (docs/decisions/100-endpoint-table.md): what the Fastify route
 * registers (`method`, `url` from `routes.ts`, `schema`) and what the API reference at /api/docs
 * shows. `schema` holds zod schemas only; its `summary`, `description`, `tags`, `consumes` and
 * `security` are the reference's words and do not change what the route accepts.
 */
export interface Endpoint extends Route {
  schema: EndpointSchema;
  /**
   * Fields of a multipart/form-data body, checked by the handler (Fastify's body schema cannot see
   * them); the reference shows them with the file fields named in `files`.
   */
  multipart?: { fields?: z.ZodType; files: Readonly<Record<string, string>> };
}

/** Marks a signed-in call in the reference (`session` security scheme). */
export const SESSION = [{ session: [] }] as const;
/** Marks an owner's call: a session whose account has the admin role (docs/decisions/080). */
export const ADMIN_SESSION = [{ adminSession: [] }] as const;

/** `{ 400: errorResponseSchema, 401: errorResponseSchema, … }` for the statuses given. */
export function refusals<const S extends readonly RefusalStatus[]>(
  ...statuses: S
): { readonly [K in S[number]]: typeof errorResponseSchema } {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as {
    readonly [K in S[number]]: typeof errorResponseSchema;
  };
}

/** Checks a group of endpoints while keeping each one's exact type (its schemas flow on). */
export function endpointGroup<const G extends Record<string, Endpoint>>(group: G): G {
  return group;
}
