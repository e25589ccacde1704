import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { pickEncoding } from '../../lib/pick-encoding';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** index.html must be revalidated, or a deploy would leave browsers on old asset names. */
const REVALIDATE_CACHE = 'no-cache';

/**
 * An HTML page compressed once, when it is made, not on every request: re-compressing the shell
 * per request held page HTML to a few per cent of a bare server's rate (decision 141).
 */
export interface CompressedPage {
  readonly raw: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
  /** Weak: the same page in any of its encodings. */
  readonly etag: string;
}

export async function compressPage(html: string): Promise<CompressedPage> {
  const raw = Buffer.from(html);
  const [br, gz] = await Promise.all([
    brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip(raw, { level: 9 }),
  ]);
  const hash = crypto.createHash('sha256').update(raw).digest('base64url').slice(0, 22);
  return { raw, br, gzip: gz, etag: `W/"${hash}"` };
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch
    .split(',')
    .some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === bare);
}

/** Sends the page in the encoding the client takes (304 when it has this very page). */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CompressedPage,
): FastifyReply {
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', REVALIDATE_CACHE)
    .header('vary', 'accept-encoding')
    .header('etag', page.etag);
  if (matchesEtag(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (encoding) return reply.header('content-encoding', encoding).send(page[encoding]);
  return reply.send(page.raw);
}
