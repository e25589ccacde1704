import { sql } from 'drizzle-orm';
import { TransactionRollbackError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import { orders } from '../db/schema/orders';
import { products } from '../db/schema/products';
import { users } from '../db/schema/users';
import { videos } from '../db/schema/videos';
import { insertOrder, insertProducts } from './fixtures';
import { APP_TABLES, emptiedTables } from './test-database';
import { useTestApp } from './use-test-app';

const TABLE_FILES = sql.raw(
  `SELECT relname AS name, relfilenode AS file FROM pg_class
   WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r'`,
);

describe("a test database's reset()", () => {
  const t = useTestApp({ app: 'manual', reset: false });

  it('empties the same tables as TRUNCATE … CASCADE of the app’s tables', async () => {
    // TRUNCATE gives each table it empties a new file: the tables whose file changed, inside a
    // transaction that is then rolled back.
    let truncated: string[] = [];
    await t.db
      .transaction(async (tx) => {
        const before = rowsOf<{ name: string; file: number }>(await tx.execute(TABLE_FILES));
        await tx.execute(sql.raw(`TRUNCATE ${APP_TABLES.map((n) => `"${n}"`).join(', ')} CASCADE`));
        const after = new Map(
          rowsOf<{ name: string; file: number }>(await tx.execute(TABLE_FILES)).map((row) => [
            row.name,
            row.file,
          ]),
        );
        truncated = before.filter((row) => after.get(row.name) !== row.file).map((r) => r.name);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(truncated).toContain('orders');
    expect(truncated).not.toContain('videos');
    expect([...(await emptiedTables(t.database.handle))].sort()).toEqual(truncated.sort());
  });

  it('deletes from a table before the tables it refers to, so no foreign key finds its row gone', async () => {
    const order = await emptiedTables(t.database.handle);
    const references = rowsOf<{ referring: string; referred: string }>(
      await t.db.execute(
        sql.raw(`SELECT k.conrelid::regclass::text AS referring, k.confrelid::regclass::text AS referred
                 FROM pg_constraint k WHERE k.contype = 'f' AND k.conrelid <> k.confrelid`),
      ),
    ).filter(({ referring, referred }) => order.includes(referring) && order.includes(referred));
    expect(references.length).toBeGreaterThan(10);
    for (const { referring, referred } of references)
      expect(order.indexOf(referring), `${referring} before ${referred}`).toBeLessThan(
        order.indexOf(referred),
      );
  });

  it('empties them of rows that refer to each other, and leaves the other tables as they were', async () => {
    await insertProducts(t.db, [{ name: 'Linen Shirt' }]);
    const [user] = await t.db
      .insert(users)
      .values({ name: 'Asha Rao', email: 'reset@example.com', passwordHash: 'x' })
      .returning();
    await insertOrder(t.db, user!.id);
    await t.db.insert(videos).values({ videoUrl: '/media/videos/clip-1.webm' });

    await t.database.reset();

    expect(await t.db.select().from(orders)).toEqual([]);
    expect(await t.db.select().from(users)).toEqual([]);
    expect(await t.db.select().from(products)).toEqual([]);
    expect((await t.db.select().from(videos)).map((v) => v.videoUrl)).toEqual([
      '/media/videos/clip-1.webm',
    ]);
  });
});
