import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/**
 * How long a client may take to send a request (decision 095). Fastify turns Node's request
 * timeout off by default, so a client that sends headers and part of a body would hold its
 * socket, and the request, forever.
 */
export interface RequestTimeouts {
  /** Headers, from the first byte (Node's headersTimeout). */
  headersMs: number;
  /** A body the app reads before its handler runs (JSON, forms): from routing to its last byte. */
  bodyMs: number;
  /**
   * The whole request, headers and body (Node's requestTimeout). Sized for the largest upload, a
   * 50 MB clip the admin streams in its handler, on a slow connection (~1.4 Mbit/s).
   */
  requestMs: number;
  /** An idle keep-alive connection (above the usual 60 s of a load balancer in front). */
  keepAliveMs: number;
  /** How often Node looks for requests past headersMs/requestMs (its own default is 30 s). */
  checkIntervalMs: number;
}

export const REQUEST_TIMEOUTS: RequestTimeouts = {
  headersMs: 15_000,
  bodyMs: 30_000,
  requestMs: 300_000,
  keepAliveMs: 72_000,
  checkIntervalMs: 5_000,
};

/** Fastify's and Node's server options for these timeouts. */
export function serverTimeoutOptions(t: RequestTimeouts): Pick<
  FastifyServerOptions,
  'requestTimeout' | 'keepAliveTimeout' | 'connectionTimeout'
> & {
  http: { headersTimeout: number; connectionsCheckingInterval: number };
} {
  return {
    requestTimeout: t.requestMs,
    keepAliveTimeout: t.keepAliveMs,
    // No idle-socket timeout: it would also cut a slow answer (an upload being processed);
    // the deadlines above already bound what a client can hold.
    connectionTimeout: 0,
    http: {
      headersTimeout: Math.min(t.headersMs, t.requestMs),
      connectionsCheckingInterval: t.checkIntervalMs,
    },
  };
}

class RequestTimeoutError extends Error {
  readonly statusCode = 408;
  readonly code = 'ERR_BODY_TIMEOUT';
  constructor() {
    super('Request timed out');
  }
}

/**
 * Every body Fastify reads before the handler must arrive within `bodyMs`, or the answer is 408
 * `{ success: false, message }` and the connection closes (the rest of that body would otherwise
 * be read as the next request). Multipart bodies are streamed by their handler and fall under
 * the longer `requestMs` instead.
 */
export function registerBodyDeadline(app: FastifyInstance, bodyMs: number): void {
  app.addHook('preParsing', async (request, reply, payload) => {
    const hasBody =
      request.headers['content-length'] !== undefined ||
      request.headers['transfer-encoding'] !== undefined;
    if (!hasBody || /^multipart\//i.test(request.headers['content-type'] ?? '')) return payload;
    const guarded = new PassThrough();
    // Fastify checks the received length against Content-Length through this property.
    Object.defineProperty(guarded, 'receivedEncodedLength', {
      get: () => (payload as { receivedEncodedLength?: number }).receivedEncodedLength,
    });
    const timer = setTimeout(() => {
      payload.unpipe(guarded);
      reply.header('connection', 'close');
      guarded.destroy(new RequestTimeoutError());
    }, bodyMs);
    const stop = () => clearTimeout(timer);
    payload.once('end', stop);
    payload.once('close', stop);
    guarded.once('close', stop);
    // A request can be answered without its body being read (413 from Content-Length alone, a
    // GET that carries one): the deadline ends with the answer, and an error on a stream nobody
    // reads is dropped here instead of becoming an uncaught exception that ends the process.
    reply.raw.once('close', stop);
    reply.raw.once('finish', stop);
    guarded.on('error', () => {});
    payload.once('error', (error) => guarded.destroy(error));
    return payload.pipe(guarded);
  });
}
