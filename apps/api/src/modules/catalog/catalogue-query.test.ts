import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BRAND_LABELS, BRANDS, type Brand } from '@vastra/shared/constants';
import {
  CATALOGUE_QUERY_MESSAGES,
  catalogueAnswerSchema,
  type CatalogueAnswer,
} from '@vastra/shared/schemas/catalogue-query';
import { rowsOf } from '../../db/client';
import { orders } from '../../db/schema/orders';
import type { NewProductRow } from '../../db/schema/products';
import {
  insertOrder,
  insertProducts,
  loggedInAdmin,
  loggedInShopper,
  setStock,
} from '../../test/fixtures';
import { useTestApp } from '../../test/use-test-app';

// A fresh app per test: the counts a query keeps belong to the rows that test inserted.
const t = useTestApp({ app: 'test' });

type Query = Record<string, string | number | readonly string[]>;

function urlOf(query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
  return `/api/products?${params}`;
}

async function page(query: Query = {}): Promise<CatalogueAnswer> {
  const res = await t.app.inject(urlOf(query));
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<CatalogueAnswer>();
  // The answer is exactly what the endpoint table declares.
  expect(catalogueAnswerSchema.parse(body)).toEqual(body);
  return body;
}

const names = (answer: CatalogueAnswer) => answer.products.map((p) => p.name);
const countOf = (facet: CatalogueAnswer['facets']['brand'], value: string) =>
  facet.find((f) => f.value === value)?.count;

/** A small shop whose names and descriptions the search rules are about. */
const SHOP: Partial<NewProductRow>[] = [
  {
    name: 'Tommy Hilfiger Men Regular Fit Pique Polo T-Shirt',
    description: 'A classic navy polo in cotton pique.',
    price: 2299,
    mrp: 3537,
    category: 'T-SHIRTS',
    subCategory: 'TOMMY HILFIGER',
    sizes: ['S', 'M', 'L'],
  },
  {
    name: 'U.S. Polo Assn. Men Regular Fit Cotton Trousers',
    description: 'Flat-front trousers in a soft cotton twill.',
    price: 1799,
    mrp: 2768,
    category: 'PANTS',
    subCategory: 'USPOLO-ASSGN',
    sizes: ['30', '32', '34'],
  },
  {
    name: 'Allen Solly Men Slim Fit Casual Chinos',
    description: 'Navy chinos in cotton twill. An easy pick for Friday with a polo.',
    price: 1599,
    mrp: null,
    category: 'PANTS',
    subCategory: 'ALLEN SOLLY',
    sizes: ['30', '32', '34'],
  },
  {
    name: 'Rare Rabbit Men Slim Fit Supima Cotton Crew Neck T-Shirt',
    description: 'A black crew neck knitted from Supima cotton.',
    price: 1299,
    mrp: 1999,
    category: 'T-SHIRTS',
    subCategory: 'RARE-RABBIT',
    sizes: ['S', 'M', 'L'],
  },
  {
    name: 'Snitch Men Oversized Graphic Tee',
    description: 'A loose graphic print in heavy cotton jersey.',
    price: 799,
    mrp: 1599,
    category: 'T-SHIRTS',
    subCategory: 'SNITCH',
    sizes: ['S', 'M', 'L'],
  },
  {
    name: 'Spykar Men Slim Fit Denim Casual Shirt',
    description: 'A washed denim shirt with two chest pockets.',
    price: 1499,
    mrp: 2306,
    category: 'SHIRTS',
    subCategory: 'SPYKAR',
    sizes: ['S', 'M', 'L'],
  },
  {
    name: 'Rare Rabbit Men Crème Linen Shirt',
    description: 'Pure linen in an off-white shade.',
    price: 1999,
    mrp: 2999,
    category: 'SHIRTS',
    subCategory: 'RARE-RABBIT',
    sizes: ['S', 'M', 'L'],
  },
  {
    name: 'Snitch Men Korean Fit Pleated Trousers',
    description: 'High-waisted pleated trousers with a wide leg.',
    price: 999,
    mrp: 1499,
    category: 'PANTS',
    subCategory: 'SNITCH',
    sizes: ['30', '32', '34'],
  },
];
const [POLO_TEE, USPA_TROUSERS, CHINOS, CREW_TEE, GRAPHIC_TEE, DENIM_SHIRT, LINEN_SHIRT, PLEATED] =
  SHOP.map((p) => p.name!) as [string, string, string, string, string, string, string, string];

const newestFirst = [...SHOP].reverse().map((p) => p.name!);

describe('GET /api/products: filters (the specification’s rules)', () => {
  it('answers every product newest first, with the total and counts, in the table’s shape', async () => {
    await insertProducts(t.db, SHOP);
    const answer = await page();
    expect(names(answer)).toEqual(newestFirst);
    expect(answer.total).toBe(8);
    expect(answer.nextCursor).toBeNull();
    expect(answer.facets.category).toEqual([
      { value: 'SHIRTS', count: 2 },
      { value: 'T-SHIRTS', count: 3 },
      { value: 'PANTS', count: 3 },
    ]);
    expect(answer.facets.brand.map((b) => b.value)).toEqual([...BRANDS]);
    expect(countOf(answer.facets.brand, 'SNITCH')).toBe(2);
    expect(countOf(answer.facets.size, 'M')).toBe(5);
    expect(countOf(answer.facets.size, 'XXL')).toBe(0);
    // What a card needs, without the description, with one picture and the stock per size.
    const item = answer.products.find((p) => p.name === POLO_TEE)!;
    expect(item).not.toHaveProperty('description');
    expect(item.image).toHaveLength(1);
    expect(item).toMatchObject({ price: 2299, mrp: 3537, subCategory: 'TOMMY HILFIGER' });
    expect(item.stock).toEqual({ S: 10, M: 10, L: 10 });
  });

  it('matches categories and brands case-insensitively, OR within a group, AND across groups', async () => {
    await insertProducts(t.db, SHOP);
    expect(names(await page({ category: 'pants' }))).toEqual([PLEATED, CHINOS, USPA_TROUSERS]);
    expect(names(await page({ category: ['shirts', 'PANTS'], brand: 'snitch' }))).toEqual([
      PLEATED,
    ]);
    expect(names(await page({ brand: 'Rare-Rabbit,spykar' }))).toEqual([
      LINEN_SHIRT,
      DENIM_SHIRT,
      CREW_TEE,
    ]);
  });

  it('keeps prices at or below the slider’s value, and every price at its top', async () => {
    await insertProducts(t.db, SHOP);
    expect(names(await page({ maxPrice: 1299, sort: 'low-high' }))).toEqual([
      GRAPHIC_TEE,
      PLEATED,
      CREW_TEE,
    ]);
    expect((await page({ maxPrice: 1999 })).total).toBe(7);
    // 2000 is the slider's top: the ₹2,299 polo stays (docs/decisions/011).
    expect((await page({ maxPrice: 2000 })).total).toBe(8);
    expect(names(await page({ minPrice: 1999 }))).toEqual([LINEN_SHIRT, POLO_TEE]);
  });

  it('keeps products with a chosen size available now: on hand minus held', async () => {
    const [polo, , , crew, graphic] = await insertProducts(t.db, SHOP);
    await setStock(t.db, polo!.id, { M: 0 });
    await setStock(t.db, crew!.id, { M: 2 });
    await t.db.execute(
      sql`update product_stock set held = 2 where product_id = ${crew!.id} and size = 'M'`,
    );
    await setStock(t.db, graphic!.id, { M: 1 });
    const answer = await page({ size: 'm', category: 'T-SHIRTS' });
    expect(names(answer)).toEqual([GRAPHIC_TEE]);
    expect(answer.products[0]!.stock).toEqual({ S: 10, M: 1, L: 10 });
    expect(names(await page({ size: ['M', 'L'], category: 'T-SHIRTS' }))).toEqual([
      GRAPHIC_TEE,
      CREW_TEE,
      POLO_TEE,
    ]);
  });

  it('leaves deleted products out of pages and counts', async () => {
    await insertProducts(t.db, [...SHOP, { name: 'Gone Shirt', deletedAt: new Date() }]);
    const answer = await page({ q: 'shirt' });
    expect(names(answer)).not.toContain('Gone Shirt');
    expect((await page()).total).toBe(8);
  });
});

describe('GET /api/products: counts per filter value', () => {
  it('counts each group without its own choice, under the other groups’ choices', async () => {
    await insertProducts(t.db, SHOP);
    const answer = await page({ category: 'PANTS', brand: 'SNITCH', maxPrice: 1800 });
    expect(answer.total).toBe(1);
    // Categories under brand SNITCH, ≤ ₹1,800: the tee and the trousers.
    expect(answer.facets.category).toEqual([
      { value: 'SHIRTS', count: 0 },
      { value: 'T-SHIRTS', count: 1 },
      { value: 'PANTS', count: 1 },
    ]);
    // Brands among PANTS ≤ ₹1,800: U.S. Polo, Allen Solly, Snitch.
    expect(countOf(answer.facets.brand, 'USPOLO-ASSGN')).toBe(1);
    expect(countOf(answer.facets.brand, 'ALLEN SOLLY')).toBe(1);
    expect(countOf(answer.facets.brand, 'SNITCH')).toBe(1);
    expect(countOf(answer.facets.brand, 'SPYKAR')).toBe(0);
    // Sizes under both choices: the one pair of Snitch trousers.
    expect(countOf(answer.facets.size, '32')).toBe(1);
    expect(countOf(answer.facets.size, 'M')).toBe(0);
  });

  it('counts sizes alike over the whole catalogue and over a part of it (two statements, decision 155)', async () => {
    const [polo] = await insertProducts(t.db, SHOP);
    await setStock(t.db, polo!.id, { S: 0, M: 0 });
    const choices: Query[] = [{}, { category: 'T-SHIRTS' }, { brand: 'SNITCH', size: 'M' }];
    for (const choice of choices) {
      // Every product costs at least ₹1: the bound keeps them all, and takes the other statement.
      const whole = (await page(choice)).facets;
      const bounded = (await page({ ...choice, minPrice: 1 })).facets;
      expect(bounded, JSON.stringify(choice)).toEqual(whole);
      expect(whole.size.some((s) => s.count > 0)).toBe(true);
    }
    expect(countOf((await page({ category: 'T-SHIRTS' })).facets.size, 'M')).toBe(2);
  });

  it('counts sizes without the size choice, and the search narrows every count', async () => {
    const [polo] = await insertProducts(t.db, SHOP);
    await setStock(t.db, polo!.id, { S: 0 });
    const answer = await page({ size: 'S', q: 'tshirt' });
    expect(names(answer)).toEqual([CREW_TEE, GRAPHIC_TEE]);
    expect(countOf(answer.facets.size, 'S')).toBe(2);
    expect(countOf(answer.facets.size, 'M')).toBe(3);
    expect(countOf(answer.facets.category, 'T-SHIRTS')).toBe(2);
    expect(countOf(answer.facets.category, 'PANTS')).toBe(0);
  });

  it('shows a product change in the next query, pages and counts, in every process', async () => {
    const [polo] = await insertProducts(t.db, SHOP);
    expect(countOf((await page({ maxPrice: 1000 })).facets.brand, 'TOMMY HILFIGER')).toBe(0);
    const admin = await loggedInAdmin(t.app, t.db);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${polo!.id}`,
      headers: { token: admin.token },
      payload: { price: 899, mrp: 1299 },
    });
    expect(res.statusCode, res.body).toBe(200);
    // The announcement reaches this process through LISTEN, as it would reach any other.
    await expect
      .poll(async () => countOf((await page({ maxPrice: 1000 })).facets.brand, 'TOMMY HILFIGER'))
      .toBe(1);
    expect(names(await page({ maxPrice: 1000, sort: 'low-high' }))).toEqual([
      GRAPHIC_TEE,
      POLO_TEE,
      PLEATED,
    ]);
  });
});

describe('GET /api/products: search', () => {
  it.each(['tshirt', 't shirt', 't-shirt', 'T-SHIRTS', 'tshirts'])(
    '“%s” finds the T-shirts first, then the tee',
    async (q) => {
      await insertProducts(t.db, SHOP);
      const answer = await page({ q });
      expect(names(answer)).toEqual([CREW_TEE, POLO_TEE, GRAPHIC_TEE]);
      expect(answer.total).toBe(3);
    },
  );

  it('“tees” finds the tee first, then the T-shirts (a synonym)', async () => {
    await insertProducts(t.db, SHOP);
    expect(names(await page({ q: 'tees' }))).toEqual([GRAPHIC_TEE, CREW_TEE, POLO_TEE]);
  });

  it('“chinos” finds chinos first, then trousers (synonyms)', async () => {
    await insertProducts(t.db, SHOP);
    expect(names(await page({ q: 'chinos' }))).toEqual([CHINOS, PLEATED, USPA_TROUSERS]);
  });

  it('“polo” ranks a name match over a description match over the brand U.S. Polo Assn.', async () => {
    await insertProducts(t.db, SHOP);
    expect(names(await page({ q: 'polo' }))).toEqual([POLO_TEE, CHINOS, USPA_TROUSERS]);
    expect(names(await page({ q: 'polo shirt' }))[0]).toBe(POLO_TEE);
  });

  it('finds a brand by its name, and the brand with a garment', async () => {
    await insertProducts(t.db, SHOP);
    expect(names(await page({ q: 'rare rabbit' }))).toEqual([LINEN_SHIRT, CREW_TEE]);
    expect(names(await page({ q: 'u.s. polo trousers' }))).toEqual([USPA_TROUSERS]);
    expect(names(await page({ q: 'snitch trouser' }))).toEqual([PLEATED]);
  });

  it('forgives accents, case and one typo', async () => {
    await insertProducts(t.db, SHOP);
    expect(names(await page({ q: 'creme' }))).toEqual([LINEN_SHIRT]);
    expect(names(await page({ q: 'CRÈME LINEN' }))).toEqual([LINEN_SHIRT]);
    const typo = await page({ q: 'chnio' });
    expect(names(typo)[0]).toBe(CHINOS);
    expect(typo.searchedFor).toEqual(['chino']);
    expect(names(await page({ q: 'plaeted' }))).toEqual([PLEATED]);
    expect(names(await page({ q: 'denm shirt' }))).toEqual([DENIM_SHIRT]);
  });

  it('finds nothing for words no product has, and ignores punctuation alone', async () => {
    await insertProducts(t.db, SHOP);
    const none = await page({ q: 'xylophone' });
    expect(none).toMatchObject({ products: [], total: 0, nextCursor: null });
    expect(none.facets.category.every((c) => c.count === 0)).toBe(true);
    expect((await page({ q: ' -- !! ' })).total).toBe(8);
  });

  it('sorts search results by price when asked, relevance otherwise', async () => {
    await insertProducts(t.db, SHOP);
    expect(names(await page({ q: 'tshirt', sort: 'low-high' }))).toEqual([
      GRAPHIC_TEE,
      CREW_TEE,
      POLO_TEE,
    ]);
  });

  it('keeps the brand words of the search in step with the shop’s brand labels', async () => {
    const result = await t.db.execute(
      sql`select b as code, vastra_brand_words(b) as words, vastra_search_norm(l) as label
          from unnest(${sql.param([...BRANDS])}::text[], ${sql.param(
            BRANDS.map((b) => BRAND_LABELS[b as Brand]),
          )}::text[]) as x(b, l)`,
    );
    const rows = rowsOf<{ words: string; label: string }>(result);
    expect(rows).toHaveLength(BRANDS.length);
    for (const row of rows) expect(row.words).toBe(row.label);
  });
});

describe('GET /api/products: sorts', () => {
  it('sorts by price both ways, ties newest first', async () => {
    await insertProducts(t.db, [
      ...SHOP,
      { name: 'Second ₹799 Tee', price: 799, category: 'T-SHIRTS' },
    ]);
    const low = names(await page({ sort: 'low-high' }));
    expect(low.slice(0, 3)).toEqual(['Second ₹799 Tee', GRAPHIC_TEE, PLEATED]);
    const high = names(await page({ sort: 'high-low' }));
    expect(high.slice(0, 2)).toEqual([POLO_TEE, LINEN_SHIRT]);
    expect(high.slice(-2)).toEqual(['Second ₹799 Tee', GRAPHIC_TEE]);
  });

  it('“What’s new” is newest first, with or without a search', async () => {
    await insertProducts(t.db, SHOP);
    expect(names(await page({ sort: 'new' }))).toEqual(newestFirst);
    expect(names(await page({ sort: 'new', q: 'tshirt' }))).toEqual([
      GRAPHIC_TEE,
      CREW_TEE,
      POLO_TEE,
    ]);
  });

  it('“Discount” puts the largest MRP discount first and no MRP last', async () => {
    await insertProducts(t.db, SHOP);
    const sorted = names(await page({ sort: 'discount' }));
    // 799 of 1599 is 50 % off; the chinos have no MRP.
    expect(sorted[0]).toBe(GRAPHIC_TEE);
    expect(sorted.at(-1)).toBe(CHINOS);
  });

  it('“Popularity” counts units in paid orders once, whoever pays them', async () => {
    const [polo, , chinos, crew] = await insertProducts(t.db, SHOP);
    const shopper = await loggedInShopper(t.app, t.db);
    const line = (id: string, name: string, quantity: number) => ({
      _id: id,
      name,
      image: [],
      price: 999,
      category: 'PANTS',
      subCategory: 'SNITCH',
      size: 'M',
      quantity,
    });
    // Paid when written (as the fixtures write them): 3 chinos.
    await insertOrder(t.db, shopper.userId, {
      items: [line(chinos!.id, CHINOS, 3)],
      payment: true,
    });
    // Paid later: 2 crew tees and 1 polo; then the same confirmation again, and an unpaid order.
    const later = await insertOrder(t.db, shopper.userId, {
      items: [line(crew!.id, CREW_TEE, 2), line(polo!.id, POLO_TEE, 1)],
    });
    const pay = () =>
      t.db
        .update(orders)
        .set({ payment: true })
        .where(sql`${orders.id} = ${later.id} and ${orders.payment} = false`);
    await pay();
    await pay();
    await t.db.update(orders).set({ payment: true }).where(eq(orders.id, later.id));
    await insertOrder(t.db, shopper.userId, { items: [line(polo!.id, POLO_TEE, 9)] });
    const sorted = names(await page({ sort: 'popular' }));
    expect(sorted.slice(0, 3)).toEqual([CHINOS, CREW_TEE, POLO_TEE]);
    // Then the rest, newest first.
    expect(sorted.slice(3)).toEqual(
      newestFirst.filter((n) => ![CHINOS, CREW_TEE, POLO_TEE].includes(n)),
    );
    const sold = await t.db.execute(
      sql`select units from product_sales where product_id = ${crew!.id}`,
    );
    expect((Array.isArray(sold) ? sold : (sold as { rows: unknown[] }).rows)[0]).toEqual({
      units: 2,
    });
  });
});

describe('GET /api/products: paging', () => {
  /** Every page of `query`, `limit` at a time, running `between` after each page. */
  async function allPages(query: Query, between: (n: number) => Promise<void> = async () => {}) {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let n = 0; n < 50; n += 1) {
      const answer: CatalogueAnswer = await page(cursor ? { ...query, cursor } : query);
      seen.push(...answer.products.map((p) => p._id));
      cursor = answer.nextCursor;
      if (!cursor) return seen;
      await between(n);
    }
    throw new Error('too many pages');
  }

  it.each(['relevant', 'new', 'low-high', 'high-low', 'discount', 'popular'])(
    'sort %s: pages neither repeat nor skip while products are added',
    async (sort) => {
      const start = await insertProducts(
        t.db,
        Array.from({ length: 13 }, (_, i) => ({
          name: `Cotton Shirt ${i}`,
          price: 500 + (i % 4) * 100,
          mrp: 1000 + (i % 3) * 100,
          createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
        })),
      );
      let added = 0;
      const seen = await allPages({ sort, limit: 3, q: 'cotton' }, async () => {
        // Newer products, at prices that sort before and after the pages already read.
        added += 1;
        await insertProducts(t.db, [
          { name: `Cotton Shirt new ${added}`, price: 400 + added * 150, mrp: 2000 },
        ]);
      });
      expect(new Set(seen).size).toBe(seen.length);
      for (const product of start) expect(seen).toContain(product.id);
    },
  );

  it('answers pages of the asked size, 24 by default, and an empty page after the end', async () => {
    await insertProducts(
      t.db,
      Array.from({ length: 30 }, (_, i) => ({ name: `Shirt ${i}` })),
    );
    const first = await page();
    expect(first.products).toHaveLength(24);
    const second = await page({ cursor: first.nextCursor! });
    expect(second.products).toHaveLength(6);
    expect(second.nextCursor).toBeNull();
    expect(second.total).toBe(30);
    // The last product's own position: nothing after it.
    const last = await page({ limit: 30 });
    const lastCursor = (await page({ limit: 29 })).nextCursor!;
    const beyond = await page({ cursor: lastCursor, limit: 5 });
    expect(beyond.products.map((p) => p._id)).toEqual([last.products[29]!._id]);
  });
});

describe('GET /api/products: bad input', () => {
  it.each(
    (
      [
        [{ category: 'DRESSES' }, CATALOGUE_QUERY_MESSAGES.category],
        [{ brand: ['SNITCH', 'Zara'] }, CATALOGUE_QUERY_MESSAGES.brand],
        [{ size: 'XXXL' }, CATALOGUE_QUERY_MESSAGES.size],
        [{ sort: 'cheapest' }, CATALOGUE_QUERY_MESSAGES.sort],
        [{ maxPrice: -1 }, CATALOGUE_QUERY_MESSAGES.price],
        [{ maxPrice: '1e12' }, CATALOGUE_QUERY_MESSAGES.price],
        [{ maxPrice: 'cheap' }, CATALOGUE_QUERY_MESSAGES.price],
        [{ minPrice: 1500, maxPrice: 1000 }, CATALOGUE_QUERY_MESSAGES.priceOrder],
        [{ q: 'a'.repeat(101) }, CATALOGUE_QUERY_MESSAGES.search],
        [{ q: 'shirt '.repeat(1667) }, CATALOGUE_QUERY_MESSAGES.search],
        [{ limit: 61 }, CATALOGUE_QUERY_MESSAGES.limit],
        [{ limit: 0 }, CATALOGUE_QUERY_MESSAGES.limit],
        [{ cursor: 'not a cursor!' }, CATALOGUE_QUERY_MESSAGES.cursor],
        [{ cursor: 'x'.repeat(400) }, CATALOGUE_QUERY_MESSAGES.cursor],
        [{ cursor: Buffer.from('{"a":1}').toString('base64url') }, CATALOGUE_QUERY_MESSAGES.cursor],
        [
          { cursor: Buffer.from('["relevant","yesterday","x"]').toString('base64url') },
          CATALOGUE_QUERY_MESSAGES.cursor,
        ],
        [
          {
            sort: 'low-high',
            cursor: Buffer.from(
              '["low-high","2025-01-01 00:00:00+00","00000000-0000-4000-8000-000000000000","1; drop table products"]',
            ).toString('base64url'),
          },
          CATALOGUE_QUERY_MESSAGES.cursor,
        ],
      ] as [Query, string][]
    ).map(([query, message]) => [JSON.stringify(query).slice(0, 70), query, message] as const),
  )('%s is refused: 400', async (_label, query, message) => {
    await insertProducts(t.db, SHOP.slice(0, 2));
    const res = await t.app.inject(urlOf(query));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ success: false, message: expect.stringContaining(message) });
  });

  it('refuses a cursor of another sort, so a page never mixes two orders', async () => {
    await insertProducts(t.db, SHOP);
    const { nextCursor } = await page({ limit: 2 });
    const res = await t.app.inject(urlOf({ sort: 'low-high', cursor: nextCursor! }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CATALOGUE_QUERY_MESSAGES.cursorSort);
  });

  it('takes 100 characters of search text, punctuation and SQL alike, as plain text', async () => {
    await insertProducts(t.db, SHOP);
    for (const q of [
      `%' or 1=1 --`.padEnd(100, '_'),
      '\\%_'.repeat(33),
      'shirt '.repeat(16).slice(0, 100),
    ])
      expect((await page({ q })).products.length).toBeLessThanOrEqual(8);
    expect((await page({ q: '%' })).total).toBe(8);
  });
});
