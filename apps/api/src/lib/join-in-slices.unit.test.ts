import { describe, expect, it } from 'vitest';
import { joinInSlices } from './join-in-slices';

describe('joinInSlices', () => {
  const parts = ['{"success":true,"products":[', '{"a":1}', ',', '{"b":"ä"}', '', ']}'].map((s) =>
    Buffer.from(s),
  );

  it('gives the bytes Buffer.concat gives, at any slice size', async () => {
    for (const slice of [1, 7, 1_000_000]) {
      expect((await joinInSlices(parts, slice)).equals(Buffer.concat(parts))).toBe(true);
    }
    expect((await joinInSlices([])).length).toBe(0);
  });

  it('lets other work run between slices, not only after the whole copy', async () => {
    const order: string[] = [];
    // Queued before the join starts: a copy that never yields would finish first.
    const waiting = new Promise<void>((resolve) => setImmediate(resolve)).then(() =>
      order.push('other work'),
    );
    const joined = joinInSlices(parts, 8).then(() => order.push('joined'));
    await Promise.all([waiting, joined]);
    expect(order).toEqual(['other work', 'joined']);
  });
});
