import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses answers (JSON, HTML, JS, CSS) for clients that ask. Must be registered before
 * @fastify/static so file streams are compressed too. Request-body decompression is off: no client
 * of ours sends compressed bodies, and inflating them would sidestep the body limit.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
  });
}
