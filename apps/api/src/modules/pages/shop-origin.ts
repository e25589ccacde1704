import type { FastifyRequest } from 'fastify';

/** A host name, IPv4 or [IPv6] address, with an optional port: nothing that could break out of a URL. */
const PLAIN_HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin absolute links are written on (canonical URLs, share tags, the sitemap): PUBLIC_URL
 * when set; otherwise the address the request was sent to (its Host, or X-Forwarded-Host and
 * -Proto behind a trusted proxy), so a shop run on a laptop or a LAN address links to itself
 * (docs/decisions/141-links-that-travel.md). A Host that is not a plain host name is not echoed.
 */
export function shopOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl;
  const host = PLAIN_HOST.test(request.host) ? request.host.toLowerCase() : 'localhost';
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  return `${protocol}://${host}`;
}
