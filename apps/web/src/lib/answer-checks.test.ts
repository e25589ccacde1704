import { describe, expect, it, vi } from 'vitest';
import { listEndpoints } from '@vastra/shared/api/endpoints';
import { addLateTableGroups } from './late-table-groups';
import { answerCheckOf } from './answer-checks';
import { answerGuards } from './answer-guards';
import type { CallableEndpoint } from './api-client';

// The chunks that call the late groups add them when they load; here, as once they have.
addLateTableGroups();

/** Every endpoint with an answer of ours: the ones `call` can name. */
const callable = listEndpoints().filter(({ endpoint }) => endpoint.schema.response?.[200]);

describe('answerCheckOf: one check per endpoint, whoever calls it', () => {
  it('covers the shop’s calls', () => {
    expect(callable.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['cart.update', 'catalog.list', 'admin.orderList', 'account.me']),
    );
  });

  it.each(callable)(
    '$name: its registered guard, else the 200 schema from the table',
    async ({ name, endpoint }) => {
      const check = answerCheckOf(name as CallableEndpoint);
      const guard = (answerGuards as Record<string, unknown>)[name];
      if (guard) {
        expect(check).toBe(guard);
      } else {
        // Loaded lazily (zod stays out of the first chunk), and exactly the route's own schema.
        expect(check).toBeTypeOf('function');
        expect(await (check as () => Promise<unknown>)()).toBe(endpoint.schema.response?.[200]);
      }
    },
  );

  it('leaves the late groups to the chunks that call them: until one loads they have no loader', async () => {
    vi.resetModules();
    const fresh = await import('./answer-checks');
    const check = fresh.answerCheckOf('refunds.adminList') as () => Promise<unknown>;
    await expect(check()).rejects.toThrow('refunds.adminList: its group is added by the chunk');
  });
});
