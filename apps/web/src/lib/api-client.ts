import type {
  EndpointAnswer,
  EndpointBody,
  EndpointName,
  EndpointOf,
  EndpointParams,
  EndpointQuery,
} from '@vastra/shared/api/endpoints';
import { routes, type Route } from '@vastra/shared/api/routes';
import { REQUEST_TIMEOUT_MS } from '@vastra/shared/constants';
import { answerCheckOf } from './answer-checks';
import { notify as defaultNotify, type Notifier } from './toast';
import { clearToken, getToken } from './session';

/** The transport messages of docs/product.md §8, word for word. */
export const TRANSPORT_MESSAGES = {
  sessionExpired: 'Session expired. Please login again.',
  noResponse: 'No response from server. Please check your internet connection.',
  setup: 'Error setting up request',
  invalidResponse: 'Unexpected answer from the server. Please try again.',
  generic: 'Something went wrong. Please try again.',
} as const;

export type ApiErrorKind =
  'http' | 'unauthorized' | 'network' | 'setup' | 'invalid_response' | 'aborted';

/**
 * Every failed call rejects with one of these. `message` is what to show the shopper;
 * `serverMessage` is the body's own message, when it had one, so a caller can fall back to
 * its own wording (docs/product.md §8: 'Authentication failed', …) only when the server said nothing.
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly serverMessage: string | undefined;
  /** True when the client has already told the shopper (the 401 toast). */
  readonly handled: boolean;

  constructor(
    kind: ApiErrorKind,
    message: string,
    init: { status?: number; serverMessage?: string; handled?: boolean; cause?: unknown } = {},
  ) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.kind = kind;
    this.status = init.status;
    this.serverMessage = init.serverMessage;
    this.handled = init.handled ?? false;
  }
}

/** Any zod schema (classic or mini) satisfies this; the client needs nothing more. */
export interface ResponseSchema<T> {
  safeParse: (value: unknown) => { success: true; data: T } | { success: false };
}

/**
 * A schema, or a function loading one: the client starts loading it alongside the request, so
 * large validators stay out of the first chunk without delaying the answer (docs/decisions/022).
 */
export type SchemaSource<T> = ResponseSchema<T> | (() => Promise<ResponseSchema<T>>);

/** The endpoints whose answer is the shop's JSON: every one the storefront may call. */
export type CallableEndpoint = {
  [N in EndpointName]: [EndpointAnswer<N>] extends [never] ? never : N;
}[EndpointName];

/** A multipart call (the admin's uploads) takes a FormData; any other its table body. */
type CallBody<N extends CallableEndpoint> =
  EndpointOf<N> extends { multipart: object } ? FormData : EndpointBody<N>;

/** A part the endpoint does not take cannot be given; one without required fields may be left out. */
type Part<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: never }
  : undefined extends T
    ? { [P in K]?: T }
    : object extends T
      ? { [P in K]?: T }
      : { [P in K]: T };

/** What `call` sends: the endpoint's body, path params and query, typed by the endpoint table. */
export type CallOptions<N extends CallableEndpoint> = Part<'body', CallBody<N>> &
  Part<'params', EndpointParams<N>> &
  Part<'query', EndpointQuery<N>> & { signal?: AbortSignal };

/** The options may be left out when nothing in them is required. */
export type CallArgs<N extends CallableEndpoint> =
  object extends CallOptions<N> ? [options?: CallOptions<N>] : [options: CallOptions<N>];

export interface ApiClientOptions {
  /** Absolute origin the relative API paths are resolved against (same origin in the browser). */
  baseUrl: string;
  timeoutMs?: number;
  getToken?: () => string | null;
  /** Forgets the session: the token in memory and in local storage. */
  clearSession?: () => void;
  notify?: Notifier;
}

export interface ApiClient {
  /**
   * Calls an endpoint of the table by name (`call('cart.update', { body })`): its method and path
   * come from the table, `params` fill the path's `:params`, `query` becomes the query string, and
   * the answer is checked by the endpoint's own check (`answerCheckOf`), the same for every caller.
   */
  call: <N extends CallableEndpoint>(
    name: N,
    ...options: CallArgs<N>
  ) => Promise<EndpointAnswer<N>>;
  /**
   * Registers what else must happen when the server says the session is over (the cart is
   * emptied, the app goes to /login). Returns the unregister function.
   */
  onSessionExpired: (handler: () => void) => () => void;
}

/** `/api/admin/products/:id` with `{ id }` → `/api/admin/products/<id>`, and the query appended. */
type RouteGroups = Record<string, Record<string, Route>>;
const routeGroups: RouteGroups = routes;
/**
 * The groups of `late-routes.ts`, added by the lazy chunks that call them (`addLateTableGroups`),
 * so the first chunk does not carry the admin's and the account's paths (docs/decisions/131).
 */
const lateRouteGroups: RouteGroups = {};

export function addRoutes(groups: RouteGroups): void {
  Object.assign(lateRouteGroups, groups);
}

function addressOf(
  url: string,
  params: Readonly<Record<string, unknown>> = {},
  query: Readonly<Record<string, unknown>> = {},
): string {
  const path = url.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (typeof value !== 'string' || value === '') throw new Error(`${url} needs :${name}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) search.append(name, String(item));
    }
  }
  const encoded = search.toString();
  return encoded === '' ? path : `${path}?${encoded}`;
}

function messageOf(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const readToken = options.getToken ?? getToken;
  const clearSession = options.clearSession ?? clearToken;
  const notifier = options.notify ?? defaultNotify;
  const expiryHandlers = new Set<() => void>();

  function expireSession(): ApiError {
    clearSession();
    for (const handler of [...expiryHandlers]) {
      try {
        handler();
      } catch {
        // One failing handler must not stop the others or the redirect.
      }
    }
    notifier.error(TRANSPORT_MESSAGES.sessionExpired);
    return new ApiError('unauthorized', TRANSPORT_MESSAGES.sessionExpired, {
      status: 401,
      handled: true,
    });
  }

  async function call<N extends CallableEndpoint>(
    name: N,
    ...[callOptions]: CallArgs<N>
  ): Promise<EndpointAnswer<N>> {
    // The types above have checked the parts against the table; here they are plain values.
    const opts = (callOptions ?? {}) as {
      body?: unknown;
      params?: Record<string, unknown>;
      query?: Record<string, unknown>;
      signal?: AbortSignal;
    };
    const [group, key] = name.split('.') as [string, string];
    const { method, url }: Route = (routeGroups[group] ?? lateRouteGroups[group]!)[key]!;
    const token = readToken();
    const timeout = new AbortController();

    let req: Request;
    try {
      const headers = new Headers({ Accept: 'application/json' });
      let payload: string | FormData | undefined;
      if (method !== 'GET' && opts.body instanceof FormData) {
        // A form with files (the admin's uploads): no Content-Type, so the browser writes the
        // multipart one with its boundary.
        payload = opts.body;
      } else if (method !== 'GET') {
        // Our API answers 400 to an empty JSON body; "no payload" is sent as {} (docs/product.md §7).
        payload = JSON.stringify(opts.body ?? {});
        headers.set('Content-Type', 'application/json');
      }
      if (token) headers.set('token', token);
      const signal = opts.signal ? AbortSignal.any([opts.signal, timeout.signal]) : timeout.signal;
      const address = new URL(addressOf(url, opts.params, opts.query), options.baseUrl);
      req = new Request(address, { method, headers, body: payload, signal });
    } catch (cause) {
      throw new ApiError('setup', TRANSPORT_MESSAGES.setup, { cause });
    }

    const check = answerCheckOf(name);
    const schemaLoad = typeof check === 'function' ? check() : check;
    // Nothing awaits it until the answer is in; keep a failed load from being "unhandled" meanwhile.
    if (schemaLoad instanceof Promise) schemaLoad.catch(() => undefined);

    const timer = setTimeout(() => timeout.abort(), timeoutMs);
    let res: Response;
    let text: string;
    try {
      res = await fetch(req);
      text = await res.text();
    } catch (cause) {
      if (opts.signal?.aborted) throw new ApiError('aborted', 'Request cancelled', { cause });
      // A timeout, a refused connection or a dropped one: the server never answered.
      throw new ApiError('network', TRANSPORT_MESSAGES.noResponse, { cause });
    } finally {
      clearTimeout(timer);
    }

    let body: unknown = undefined;
    let parsed = false;
    if (text !== '') {
      try {
        body = JSON.parse(text);
        parsed = true;
      } catch {
        parsed = false;
      }
    }

    if (res.status === 401 && token) throw expireSession();

    const failed =
      !res.ok ||
      (parsed &&
        typeof body === 'object' &&
        body !== null &&
        (body as { success?: unknown }).success === false);
    if (failed) {
      const serverMessage = messageOf(body);
      throw new ApiError('http', serverMessage ?? TRANSPORT_MESSAGES.generic, {
        status: res.status,
        serverMessage,
      });
    }
    if (!parsed)
      throw new ApiError('invalid_response', TRANSPORT_MESSAGES.invalidResponse, {
        status: res.status,
      });

    let schema: ResponseSchema<EndpointAnswer<N>>;
    try {
      schema = await schemaLoad;
    } catch (cause) {
      // The validator's chunk could not be fetched: the connection dropped.
      throw new ApiError('network', TRANSPORT_MESSAGES.noResponse, { cause });
    }
    const result = schema.safeParse(body);
    if (!result.success)
      throw new ApiError('invalid_response', TRANSPORT_MESSAGES.invalidResponse, {
        status: res.status,
      });
    return result.data;
  }

  return {
    call,
    onSessionExpired: (handler) => {
      expiryHandlers.add(handler);
      return () => {
        expiryHandlers.delete(handler);
      };
    },
  };
}

/** The storefront's one client: same origin as the page (docs/decisions/020). */
export const api = createApiClient({
  baseUrl: typeof window === 'undefined' ? 'http://localhost/' : window.location.origin,
});

/** Shows a failed call to the shopper once; the 401 and cancelled calls are already dealt with. */
export function toastApiError(
  error: unknown,
  fallback: string = TRANSPORT_MESSAGES.generic,
  notifier: Notifier = defaultNotify,
): void {
  if (error instanceof ApiError) {
    if (error.handled || error.kind === 'aborted') return;
    notifier.error(error.kind === 'http' ? (error.serverMessage ?? fallback) : error.message);
    return;
  }
  notifier.error(fallback);
}
