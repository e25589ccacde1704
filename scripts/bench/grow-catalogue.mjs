// A bench helper (`npm run bench`, scripts/bench.mjs): grows a scratch PostgreSQL shop's catalogue
// to `target` products in a few INSERT … SELECT statements, so the catalogue query can be measured
// at the size the issue asks for (docs/decisions/139-catalogue-query.md). Names and descriptions
// are built from the demo catalogue's words (brands, fits, fabrics, colours, garments), so the
// search has the same kind of text to work through (each name ends with its number, no seed key:
// the shop's seed leaves them alone); every size gets units (15 % sold out), and a
// fifth of the products have sales. Their pictures are paths no file has, unless `reusePictures`
// asks for the seeded products' pictures, in turn (pages that show them: the Lighthouse part).
// Never point it at a shop anyone keeps.

const BRANDS = [
  ['USPOLO-ASSGN', 'U.S. Polo Assn.'],
  ['RARE-RABBIT', 'Rare Rabbit'],
  ['ALLEN SOLLY', 'Allen Solly'],
  ['SNITCH', 'Snitch'],
  ['TOMMY HILFIGER', 'Tommy Hilfiger'],
  ['SPYKAR', 'Spykar'],
];
const FITS = [
  'Slim Fit',
  'Regular Fit',
  'Relaxed Fit',
  'Tailored Fit',
  'Oversized',
  'Straight Fit',
  'Tapered Fit',
  'Café Racer',
];
const FABRICS = [
  'Cotton',
  'Linen',
  'Supima Cotton',
  'Stretch',
  'Pique',
  'Twill',
  'Denim',
  'Oxford',
  'Jersey',
  'Corduroy',
];
const COLOURS = [
  'Navy',
  'Black',
  'White',
  'Olive',
  'Sky Blue',
  'Maroon',
  'Beige',
  'Grey',
  'Mustard',
  'Teal',
  'Rust',
  'Lavender',
];
const GARMENTS = {
  SHIRTS: [
    'Oxford Shirt',
    'Casual Shirt',
    'Formal Shirt',
    'Checked Shirt',
    'Printed Shirt',
    'Linen Shirt',
    'Denim Shirt',
  ],
  'T-SHIRTS': [
    'Crew Neck T-Shirt',
    'Polo T-Shirt',
    'Round Neck T-Shirt',
    'Graphic Print T-Shirt',
    'V-Neck T-Shirt',
    'Henley T-Shirt',
  ],
  PANTS: ['Chinos', 'Jeans', 'Formal Trousers', 'Cargo Pants', 'Joggers', 'Pleated Trousers'],
};
const SENTENCES = [
  [
    'A soft, breathable piece cut for all-day comfort in the Indian summer.',
    'Made from long-staple yarn that stays soft wash after wash.',
    'Wear it to the office on a Friday or out at the weekend with sneakers.',
    'Pairs well with a polo or a linen shirt for brunch.',
    'Machine wash cold with similar colours; warm iron.',
    'A wardrobe staple with a clean finish and neat stitching.',
  ],
  [
    'Ribbed cuffs and a tidy collar keep its shape.',
    'Finished with a touch of stretch for easy movement.',
    'Garment-dyed for a lived-in colour.',
    'Do not tumble dry; dry in the shade.',
    'A pocket on the chest holds your sunglasses.',
  ],
  [
    'Our fit team tested it on real shoppers in Bengaluru and Delhi.',
    'Packed plastic-free and shipped across India.',
    'Easy returns within the return window.',
  ],
];

/** Adds products (in batches, each one statement) until the shop has `target`; answers how many were added. */
export async function growCatalogue(
  client,
  target,
  batch = 20_000,
  { reusePictures = false } = {},
) {
  const {
    rows: [{ n }],
  } = await client.query('select count(*)::int as n from products');
  // Each seeded product's picture list, one after another (null: the made-up paths).
  const pictures = reusePictures
    ? JSON.stringify(
        (
          await client.query(
            `select images from products where seed_key is not null and cardinality(images) > 0 order by seed_key`,
          )
        ).rows.map((r) => r.images),
      )
    : null;
  let added = 0;
  while (n + added < target) {
    const count = Math.min(batch, target - n - added);
    const from = n + added + 1;
    await client.query('begin');
    const { rows } = await client.query(
      `with g as (select i, (i * 7919) % 1000003 as h from generate_series($1::int, $2::int) i),
        c as (select i, h, ($6::text[])[1 + (h / 6) % 3] as cat, 1 + h % 6 as b from g)
      insert into products (name, description, price, mrp, hsn, images, category, sub_category, sizes, created_at)
      select ($4::text[])[b] || ' Men ' || ($7::text[])[1 + h % 8] || ' ' || ($8::text[])[1 + (h / 8) % 10]
          || ' ' || ($9::text[])[1 + (h / 80) % 12] || ' '
          || case cat when 'SHIRTS' then ($10::text[])[1 + (h / 960) % 7]
                      when 'T-SHIRTS' then ($11::text[])[1 + (h / 960) % 6]
                      else ($12::text[])[1 + (h / 960) % 6] end || ' ' || i,
        ($13::text[])[1 + h % 6] || ' ' || ($14::text[])[1 + (h / 6) % 5] || ' ' || ($15::text[])[1 + (h / 30) % 3],
        399 + (h % 46) * 100,
        case when h % 5 = 0 then null else round((399 + (h % 46) * 100) / (0.5 + (h % 4) * 0.1)) end,
        case cat when 'SHIRTS' then '6205' when 'T-SHIRTS' then '6109' else '6203' end,
        coalesce(
          (select array_agg(x) from jsonb_array_elements_text($16::jsonb -> (i % jsonb_array_length($16::jsonb))) x),
          array['/uploads/products/bench-' || i || '-1.webp', '/uploads/products/bench-' || i || '-2.webp']),
        cat, ($5::text[])[b],
        case when cat = 'PANTS' then array['28','30','32','34','36'] else array['S','M','L','XL','XXL'] end,
        $3::timestamptz - (i || ' seconds')::interval
      from c
      returning id, sizes`,
      [
        from,
        from + count - 1,
        new Date(Date.now() - 60_000).toISOString(),
        BRANDS.map((b) => b[1]),
        BRANDS.map((b) => b[0]),
        Object.keys(GARMENTS),
        FITS,
        FABRICS,
        COLOURS,
        GARMENTS.SHIRTS,
        GARMENTS['T-SHIRTS'],
        GARMENTS.PANTS,
        ...SENTENCES,
        pictures,
      ],
    );
    const ids = rows.map((r) => r.id);
    await client.query(
      `insert into product_stock (product_id, size, on_hand)
       select p.id, s, case when abs(hashtext(p.id::text || s)) % 100 < 15 then 0
                            else 1 + abs(hashtext(s || p.id::text)) % 30 end
       from products p, unnest(p.sizes) s where p.id = any($1::uuid[])`,
      [ids],
    );
    await client.query(
      `insert into product_sales (product_id, units)
       select id, 1 + abs(hashtext(id::text)) % 500 from unnest($1::uuid[]) id
       where abs(hashtext(id::text || 'sold')) % 5 = 0`,
      [ids],
    );
    await client.query('commit');
    added += count;
  }
  // Index-only scans need the visibility map a vacuum writes (autovacuum would, a little later).
  for (const table of ['products', 'product_stock', 'product_sales'])
    await client.query(`vacuum analyze ${table}`);
  return added;
}
