import { REQUEST_TIMEOUT_MS } from '@vastra/shared/constants';
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

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-encoded, except a FormData, which is sent as multipart/form-data. */
  body?: unknown;
  schema?: SchemaSource<T>;
  signal?: AbortSignal;
}

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
  request: <T = unknown>(path: string, options?: RequestOptions<T>) => Promise<T>;
  get: <T = unknown>(
    path: string,
    options?: Omit<RequestOptions<T>, 'method' | 'body'>,
  ) => Promise<T>;
  post: <T = unknown>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions<T>, 'method' | 'body'>,
  ) => Promise<T>;
  /**
   * Registers what else must happen when the server says the session is over (the cart is
   * emptied, the app goes to /login). Returns the unregister function.
   */
  onSessionExpired: (handler: () => void) => () => void;
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

  async function request<T = unknown>(path: string, opts: RequestOptions<T> = {}): Promise<T> {
    const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST');
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
      req = new Request(new URL(path, options.baseUrl), { method, headers, body: payload, signal });
    } catch (cause) {
      throw new ApiError('setup', TRANSPORT_MESSAGES.setup, { cause });
    }

    const schemaLoad = typeof opts.schema === 'function' ? opts.schema() : opts.schema;
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

    if (schemaLoad) {
      let schema: ResponseSchema<T>;
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
    return body as T;
  }

  return {
    request,
    get: (path, opts) => request(path, { ...opts, method: 'GET' }),
    post: (path, body, opts) => request(path, { ...opts, method: 'POST', body }),
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
