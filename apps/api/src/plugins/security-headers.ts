import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The storefront is a Vite build served from this origin: scripts, styles, images, media and API
 * calls are all same-origin. react-toastify injects a <style> tag, hence 'unsafe-inline' for styles
 * only. The shop runs on plain http://localhost by default, so neither upgrade-insecure-requests
 * nor HSTS may be sent outside production (they would break every request after the first).
 */
export const CSP_DIRECTIVES = {
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

export async function registerSecurityHeaders(
  app: FastifyInstance,
  opts: { production: boolean },
): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    hsts: opts.production ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  });
}
