import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * `Buffer.concat(parts)`, copied `sliceBytes` at a time with the event loop free in between. One
 * `Buffer.concat` of the product list at 100,000 products (50–70 MB) is a single copy into newly
 * mapped memory that no request can interrupt: it held other requests up to about 170 ms in the
 * bench (docs/decisions/160-list-rebuild-measured-from-outside.md).
 */
export async function joinInSlices(
  parts: readonly Buffer[],
  sliceBytes = 1_000_000,
): Promise<Buffer> {
  const joined = Buffer.allocUnsafe(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  let sinceYield = 0;
  for (const part of parts) {
    if (sinceYield >= sliceBytes) {
      await nextTurn();
      sinceYield = 0;
    }
    offset += part.copy(joined, offset);
    sinceYield += part.length;
  }
  return joined;
}
