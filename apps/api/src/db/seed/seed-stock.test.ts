import { describe, expect, it } from 'vitest';
import { stockMovements } from '../schema/stock';
import { insertProducts, stockOf } from '../../test/fixtures';
import { useTestApp } from '../../test/use-test-app';
import { catalogSeed } from './catalog-data';
import { seedStock, seedUnits } from './seed-stock';

const t = useTestApp({ app: 'manual' });

describe('the seeded stock (docs/decisions/110)', () => {
  it('gives the demo catalogue believable numbers: mostly 5–40, some 1–3, a few sold out', () => {
    const units = catalogSeed.flatMap((entry) =>
      entry.sizes.map((size) => seedUnits(entry.key, size)),
    );
    const share = (test: (n: number) => boolean) => units.filter(test).length / units.length;
    expect(share((n) => n >= 5 && n <= 40)).toBeGreaterThan(0.7);
    expect(share((n) => n >= 1 && n <= 3)).toBeGreaterThan(0.04);
    expect(share((n) => n === 0)).toBeGreaterThan(0.02);
    expect(share((n) => n === 0)).toBeLessThan(0.15);
    expect(units.every((n) => Number.isInteger(n) && n >= 0 && n <= 40)).toBe(true);
  });

  it('fills only seeded sizes without a row, once, with a seed ledger row each', async () => {
    const [seeded, own] = await insertProducts(
      t.db,
      [{ seedKey: 'oxford-white', sizes: ['S', 'M'] }, { sizes: ['M'] }],
      0,
    );
    expect(await seedStock(t.db)).toBe(2);
    expect(await seedStock(t.db)).toBe(0);
    for (const size of ['S', 'M'])
      expect(await stockOf(t.db, seeded!.id, size)).toEqual({
        onHand: seedUnits('oxford-white', size),
        held: 0,
        available: seedUnits('oxford-white', size),
      });
    expect(await stockOf(t.db, own!.id, 'M')).toEqual({ onHand: 0, held: 0, available: 0 });
    const ledger = await t.db.select().from(stockMovements);
    expect(ledger.map((m) => [m.size, m.onHandChange, m.reason, m.actor]).sort()).toEqual(
      ['M', 'S'].map((size) => [size, seedUnits('oxford-white', size), 'seed', 'system']).sort(),
    );
  });
});
