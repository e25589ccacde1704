import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The storefront is a Vite build served from this origin: scripts, styles, images, media and API
 * calls are all same-origin. react-toastify injects a <style> tag, hence 'unsafe-inline' for styles
 * only. The shop runs on plain http://localhost by default, so neither upgrade-insecure-requests
 * nor HSTS may be sent outside production (they would break every request after the first).
 */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  scriptSrc: ["'self'"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  frameSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * With real Razorpay keys the shopper's browser loads Razorpay's checkout.js, which opens its
 * window in a frame from api.razorpay.com and talks to Razorpay's hosts. Allowed only then: the
 * local emulator is same-origin and needs no exception (docs/decisions/060).
 */
const RAZORPAY_CSP_SOURCES = {
  scriptSrc: ['https://checkout.razorpay.com'],
  frameSrc: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connectSrc: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
  imgSrc: ['https://cdn.razorpay.com'],
} as const;

function directivesFor(razorpay: boolean, uploadsPublicUrl?: string): Record<string, string[]> {
  const directives: Record<string, string[]> = Object.fromEntries(
    Object.entries(CSP_DIRECTIVES).map(([name, values]) => [name, [...values]]),
  );
  if (razorpay) {
    for (const [name, sources] of Object.entries(RAZORPAY_CSP_SOURCES)) {
      directives[name] = [...(directives[name] ?? []), ...sources];
    }
  }
  // Uploaded pictures and clips served from a CDN or a bucket's public address: that origin only,
  // for images and media (docs/decisions/115).
  if (uploadsPublicUrl) {
    const origin = new URL(uploadsPublicUrl).origin;
    for (const name of ['imgSrc', 'mediaSrc'])
      directives[name] = [...(directives[name] ?? []), origin];
  }
  return directives;
}

/**
 * Runs helmet once against a stand-in response and keeps the headers it sets. Our policy is the
 * same for every answer (no per-request nonces), so there is nothing to recompute per request;
 * @fastify/helmet recomputes it in two hooks per request, which cost about a third of the product
 * list's throughput (docs/decisions/006-security-headers-precomputed.md).
 */
function securityHeaders(opts: {
  production: boolean;
  razorpay?: boolean;
  uploadsPublicUrl?: string | undefined;
}): Readonly<Record<string, string>> {
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: directivesFor(opts.razorpay ?? false, opts.uploadsPublicUrl),
    },
    strictTransportSecurity: opts.production
      ? { maxAge: 15_552_000, includeSubDomains: true }
      : false,
  });
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return Object.freeze(headers);
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  opts: { production: boolean; razorpay: boolean; uploadsPublicUrl?: string | undefined },
): Promise<void> {
  const headers = securityHeaders(opts);
  // onRequest, so that answers made by the not-found and error handlers carry them too.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
