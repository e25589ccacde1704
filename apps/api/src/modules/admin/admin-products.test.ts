import path from 'node:path';
import sharp from 'sharp';
import { count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_PRODUCT_MESSAGES as M,
  adminProductListResponseSchema,
} from '@vastra/shared/schemas/admin';
import { products } from '../../db/schema/products';
import { CATALOG_CHANGED_CHANNEL } from '../catalog/catalog.service';
import { useTestApp } from '../../test/use-test-app';
import {
  insertProducts,
  loggedInShopper,
  ADDRESS,
  filesUnder,
  loggedInAdmin,
  multipart,
  type FilePart,
} from '../../test/fixtures';

// A fresh app per test: a fresh uploads dir and an empty list cache.
const t = useTestApp({ app: 'test' });
let token: string;

beforeEach(async () => {
  token = (await loggedInAdmin(t.app, t.db)).token;
});

const FIELDS = {
  name: 'Indigo Linen Shirt',
  description: 'Breathable linen, relaxed fit.',
  price: '1799',
  category: 'SHIRTS',
  subCategory: 'SNITCH',
  sizes: ['S', 'M', 'L'],
};

async function png(width = 1200, height = 1500, colour = '#3355aa'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

const image = (bytes: Buffer, filename = 'photo.png', contentType = 'image/png'): FilePart => ({
  field: 'images',
  filename,
  contentType,
  bytes,
});

async function createProduct(
  files: FilePart[],
  fields: Record<string, string | string[]> = FIELDS,
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/products',
    ...withToken(multipart(fields, files)),
  });
}

function withToken(form: { payload: Buffer; headers: Record<string, string> }) {
  return { payload: form.payload, headers: { ...form.headers, token } };
}

const uploads = () => filesUnder(path.join(t.config.uploadsDir, 'products'));
const productRows = async () => (await t.db.select({ value: count() }).from(products))[0]?.value;

describe('POST /api/admin/products (multipart)', () => {
  it('stores a PNG as two WebP widths, served with a year of caching, and lists it in the shop at once', async () => {
    const before = await t.app.inject('/api/product/list');
    expect(before.json().products).toEqual([]);

    const res = await createProduct([image(await png())]);
    expect(res.statusCode, res.body).toBe(200);
    const { product } = res.json();
    expect(res.json()).toMatchObject({ success: true, message: 'Product added' });
    expect(product).toMatchObject({
      name: 'Indigo Linen Shirt',
      price: 1799,
      sizes: ['S', 'M', 'L'],
      deletedAt: null,
    });
    expect(product.image).toHaveLength(1);
    const url: string = product.image[0];
    expect(url).toMatch(/^\/uploads\/products\/upload-[0-9a-f]{20}-w800\.webp$/);
    expect(uploads()).toEqual(
      [path.basename(url), path.basename(url).replace('-w800', '-w400')].sort(),
    );

    for (const [file, width] of [
      [url, 800],
      [url.replace('-w800', '-w400'), 400],
    ] as const) {
      const served = await t.app.inject(file);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toContain('immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height: width * 1.25 });
    }

    const list = (await t.app.inject('/api/product/list')).json().products;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ _id: product._id, image: [url] });
    const one = await t.app.inject(`/api/product/${product._id}`);
    expect(one.json().product.name).toBe('Indigo Linen Shirt');
  });

  it('reads the format from the bytes: a JPEG named .png and WebP are accepted, up to four', async () => {
    const jpeg = await sharp(await png(900, 900, '#aa3333'))
      .jpeg()
      .toBuffer();
    const webp = await sharp(await png(500, 500, '#33aa33'))
      .webp()
      .toBuffer();
    const res = await createProduct([
      image(jpeg, 'looks-like.png', 'image/png'),
      image(webp, 'x.bin', 'application/octet-stream'),
      image(await png(1000, 1000, '#111111')),
      image(await png(1000, 1000, '#222222')),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product.image).toHaveLength(4);
    expect(uploads()).toHaveLength(8);
  });

  it.each([
    [
      'a text file named .jpg',
      async () => [image(Buffer.from('not a picture at all'), 'a.jpg', 'image/jpeg')],
      'Images must be JPEG, PNG or WebP pictures',
    ],
    [
      'a GIF (real, but not allowed)',
      async () => [
        image(
          await sharp(await png(50, 50))
            .gif()
            .toBuffer(),
          'a.gif',
          'image/gif',
        ),
      ],
      'Images must be JPEG, PNG or WebP pictures',
    ],
    [
      'a PNG cut short',
      async () => [image((await png()).subarray(0, 200))],
      'Images must be JPEG, PNG or WebP pictures',
    ],
    [
      'a 6 MB picture',
      async () => [image(await noisePng(6 * 1024 * 1024))],
      'Each image must be at most 5 MB',
    ],
    [
      'five pictures',
      async () => Promise.all([1, 2, 3, 4, 5].map(async (i) => image(await png(100 * i, 100)))),
      'A product can have at most 4 images',
    ],
    ['no picture', async () => [], 'Please add at least one image'],
    [
      'a good picture beside a bad one',
      async () => [image(await png()), image(Buffer.from('GIF89a nope'), 'b.png')],
      'Images must be JPEG, PNG or WebP pictures',
    ],
  ])('refuses %s with a 400 and stores nothing', async (_name, files, message) => {
    const res = await createProduct(await files());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ success: false, message });
    expect(uploads()).toEqual([]);
    expect(await productRows()).toBe(0);
  });

  it.each([
    [{ price: 'abc' }, 'Price must be a whole number of rupees from 1 to 100000'],
    [{ price: '0' }, 'Price must be a whole number of rupees from 1 to 100000'],
    [{ name: '   ' }, 'Please enter the product name (at most 120 characters)'],
    [{ category: 'HATS' }, 'Please choose a category'],
    [{ subCategory: 'ACME' }, 'Please choose a brand'],
    [{ sizes: ['M', 'M'] }, expect.stringMatching(/^Sizes must be one or more of: /)],
    [{ sizes: 'XXXL' }, expect.stringMatching(/^Sizes must be one or more of: /)],
  ])(
    'refuses fields %o with a message naming the field, storing nothing',
    async (change, message) => {
      const res = await createProduct([image(await png())], { ...FIELDS, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
      expect(uploads()).toEqual([]);
      expect(await productRows()).toBe(0);
    },
  );

  it('takes sizes as a JSON array or a comma list too', async () => {
    const res = await createProduct([image(await png())], {
      ...FIELDS,
      sizes: '["30", "32"]',
      category: 'PANTS',
    });
    expect(res.json().product.sizes).toEqual(['30', '32']);
    const res2 = await createProduct([image(await png(10, 10))], { ...FIELDS, sizes: 'XL, XXL' });
    expect(res2.json().product.sizes).toEqual(['XL', 'XXL']);
  });

  it('refuses a JSON body with a 400 that says to send a form', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: { token },
      payload: { ...FIELDS, price: 1799 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'Send this form as multipart/form-data',
    });
  });
});

/** A PNG of random pixels (incompressible), at least `bytes` long. */
async function noisePng(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3)) + 8;
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i += 4)
    raw.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, Math.min(i, raw.length - 4));
  const out = await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(out.length).toBeGreaterThan(bytes);
  return out;
}

describe('POST /api/admin/products/:id/images', () => {
  it('adds pictures up to four, and refuses a fifth with nothing stored', async () => {
    const created = (await createProduct([image(await png(300, 300, '#010101'))])).json().product;
    const add = async (files: FilePart[]) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/products/${created._id}/images`,
        ...withToken(multipart({}, files)),
      });
    const three = await Promise.all(
      ['#020202', '#030303', '#040404'].map(async (c) => image(await png(300, 300, c))),
    );
    const added = await add(three);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().product.image).toHaveLength(4);
    expect(added.json().product.image[0]).toBe(created.image[0]);

    const filesBefore = uploads();
    const [rowBefore] = await t.db.select().from(products).where(eq(products.id, created._id));
    const fifth = await add([image(await png(300, 300, '#050505'))]);
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json()).toEqual({
      success: false,
      message: 'A product can have at most 4 images',
    });
    expect(uploads()).toEqual(filesBefore);
    const [rowAfter] = await t.db.select().from(products).where(eq(products.id, created._id));
    expect(rowAfter).toEqual(rowBefore);
  });

  it('answers 404 for an unknown product, storing nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/8d3c7a52-4c1e-4f7e-9a55-0c4c5b7d2e11/images',
      ...withToken(multipart({}, [image(await png())])),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Product not found' });
    expect(uploads()).toEqual([]);
  });
});

describe('PATCH /api/admin/products/:id', () => {
  it('edits fields and reorders pictures; the shop shows the change at once', async () => {
    const [row] = await insertProducts(t.db, [{ name: 'Old name', price: 999 }]);
    // Inserted behind the catalogue's back: announce it, and wait until the cache holds the old name.
    await t.db.execute(`NOTIFY ${CATALOG_CHANGED_CHANNEL}`);
    await expect
      .poll(async () => (await t.app.inject('/api/product/list')).json().products[0]?.name)
      .toBe('Old name');
    const patch = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/products/${row!.id}`,
        headers: { token },
        payload,
      });

    const res = await patch({ name: 'New name', price: 1299, images: [...row!.images].reverse() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Product updated' });
    const shown = (await t.app.inject('/api/product/list')).json().products[0];
    expect(shown).toMatchObject({
      name: 'New name',
      price: 1299,
      image: [...row!.images].reverse(),
    });
    expect((await t.app.inject(`/api/product/${row!.id}`)).json().product.price).toBe(1299);

    const foreign = await patch({ images: ['https://evil.example.com/x.webp'] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('images may only keep or reorder the product’s own images');
    expect((await patch({})).json()).toEqual({ success: false, message: 'Nothing to change' });
    expect((await patch({ price: -5 })).statusCode).toBe(400);
    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/products/nope',
      headers: { token },
      payload: { price: 5 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ success: false, message: 'Invalid id' });
  });
});

describe('GET /api/admin/products', () => {
  it('searches name and description, filters, pages, newest first, deleted ones on request', async () => {
    await insertProducts(t.db, [
      { name: 'Blue Oxford Shirt' },
      {
        name: 'Chinos',
        description: 'Oxford-weave cotton chinos',
        category: 'PANTS',
        sizes: ['30'],
      },
      { name: 'Plain Tee', category: 'T-SHIRTS' },
      { name: 'Old Oxford', deletedAt: new Date() },
      { name: '100%_cotton tee' },
    ]);
    const get = async (query: string) => {
      const res = await t.app.inject({ url: `/api/admin/products?${query}`, headers: { token } });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(adminProductListResponseSchema.parse(body)).toEqual(body);
      return body;
    };
    const names = (body: { products: { name: string }[] }) => body.products.map((p) => p.name);

    expect(names(await get('search=oxford'))).toEqual(['Chinos', 'Blue Oxford Shirt']);
    expect(names(await get('search=oxford&deleted=include'))).toEqual([
      'Old Oxford',
      'Chinos',
      'Blue Oxford Shirt',
    ]);
    expect(names(await get('deleted=only'))).toEqual(['Old Oxford']);
    expect(names(await get('category=PANTS'))).toEqual(['Chinos']);
    expect(names(await get('search=0%_'))).toEqual(['100%_cotton tee']);
    const page = await get('pageSize=2&page=2');
    expect(page).toMatchObject({ page: 2, pageSize: 2, total: 4 });
    expect(names(page)).toEqual(['Chinos', 'Blue Oxford Shirt']);

    const bad = await t.app.inject({
      url: '/api/admin/products?pageSize=1000',
      headers: { token },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('pageSize must be a whole number from 1 to 100');
  });
});

describe('DELETE /api/admin/products/:id (soft)', () => {
  it('takes it out of the shop, the product call, best sellers and carts; orders keep their snapshot', async () => {
    const [kept, gone] = await insertProducts(t.db, [
      { name: 'Kept Shirt' },
      { name: 'Gone Shirt', price: 1499 },
    ]);
    const buyer = await loggedInShopper(t.app, t.db, 'buyer');
    const other = await loggedInShopper(t.app, t.db, 'other');
    const call = (url: string, who: string, payload: object = {}) =>
      t.app.inject({ method: 'POST', url, headers: { token: who }, payload });
    await call('/api/cart/add', buyer.token, { itemId: gone!.id, size: 'M' });
    const address = ADDRESS;
    expect(
      (await call('/api/order/place', buyer.token, { address, paymentMethod: 'cod' })).statusCode,
    ).toBe(200);
    await call('/api/cart/add', other.token, { itemId: gone!.id, size: 'M' });

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/products/${gone!.id}`,
      headers: { token },
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toEqual({ success: true, message: 'Product deleted' });

    const list = (await t.app.inject('/api/product/list')).json().products;
    expect(list.map((p: { name: string }) => p.name)).toEqual(['Kept Shirt']);
    expect((await t.app.inject(`/api/product/${gone!.id}`)).statusCode).toBe(404);
    const best = (await t.app.inject('/api/product/bestsellers')).json().products;
    expect(best.map((p: { _id: string }) => p._id)).toEqual([kept!.id]);

    const add = await call('/api/cart/add', buyer.token, { itemId: gone!.id, size: 'M' });
    expect(add.statusCode).toBe(400);
    expect(add.json()).toEqual({ success: false, message: 'Product not found' });
    // A line already in a cart is dropped with a notice, and cannot be ordered.
    const cart = (await call('/api/cart/get', other.token)).json();
    expect(cart).toMatchObject({ cartData: {}, removed: ['Gone Shirt'] });
    const order = await call('/api/order/place', other.token, { address, paymentMethod: 'cod' });
    expect(order.statusCode).toBe(400);
    expect(order.json()).toEqual({ success: false, message: 'Your cart is empty' });

    const orders = (await call('/api/order/userorders', buyer.token)).json().orders;
    expect(orders[0].items).toEqual([
      expect.objectContaining({ _id: gone!.id, name: 'Gone Shirt', price: 1499, quantity: 1 }),
    ]);
    // The row stays (orders may point at it), marked deleted, and is not deleted twice.
    const [row] = await t.db.select().from(products).where(eq(products.id, gone!.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/products/${gone!.id}`,
      headers: { token },
    });
    expect(again.statusCode).toBe(404);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${gone!.id}`,
      headers: { token },
      payload: { price: 5 },
    });
    expect(edit.statusCode).toBe(404);
  });
});

// The MRP and HSN code (docs/decisions/126-mrp-display.md).
async function createPriced(fields: Record<string, string>) {
  return createProduct([image(await png(400, 500))], { ...FIELDS, price: '1499', ...fields });
}

const stored = async (id: string) =>
  (await t.db.select().from(products).where(eq(products.id, id)))[0];
const listed = async (id: string) =>
  (await t.app.inject('/api/product/list'))
    .json()
    .products.find((p: { _id: string }) => p._id === id);
const patchProduct = (id: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/products/${id}`, headers: { token }, payload });

describe('POST /api/admin/products: MRP and HSN code', () => {
  it('stores the MRP and the category’s HSN code; the shop’s answers carry the MRP', async () => {
    const res = await createPriced({ mrp: '2306' });
    expect(res.statusCode, res.body).toBe(200);
    const { product } = res.json();
    expect(product).toMatchObject({ price: 1499, mrp: 2306, hsn: '620520' });
    expect(await listed(product._id)).toMatchObject({ price: 1499, mrp: 2306 });
    const one = (await t.app.inject(`/api/product/${product._id}`)).json().product;
    expect(one).toMatchObject({ price: 1499, mrp: 2306 });
  });

  it('a product added without an MRP (or with a blank one) has mrp null everywhere', async () => {
    for (const fields of [{}, { mrp: '' }, { mrp: '  ' }] as Record<string, string>[]) {
      const res = await createPriced(fields);
      expect(res.statusCode, res.body).toBe(200);
      const { product } = res.json();
      expect(product.mrp).toBeNull();
      expect((await stored(product._id))?.mrp).toBeNull();
      expect((await listed(product._id)).mrp).toBeNull();
    }
  });

  it('takes the HSN code typed, of 4, 6 or 8 digits', async () => {
    for (const hsn of ['6205', '610910', '62052000']) {
      const res = await createPriced({ hsn, category: 'T-SHIRTS' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().product.hsn).toBe(hsn);
    }
  });

  it.each([
    ['an MRP below the price', { mrp: '1498' }, M.mrpBelowPrice],
    ['an MRP that is not a number', { mrp: 'ten' }, M.mrp],
    ['an MRP in paise', { mrp: '1999.50' }, M.mrp],
    ['an MRP of 0', { mrp: '0' }, M.mrp],
    ['an HSN code of 5 digits', { hsn: '62052' }, M.hsn],
    ['an HSN code with letters', { hsn: '6205AB' }, M.hsn],
    ['an HSN code of chapter 99 (services)', { hsn: '996812' }, M.hsn],
  ])('refuses %s with a 400, writing nothing', async (_, fields, message) => {
    const rowsBefore = await productRows();
    const res = await createPriced(fields);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message });
    expect(await productRows()).toBe(rowsBefore);
    expect(uploads()).toEqual([]);
  });
});

describe('PATCH /api/admin/products/:id: MRP and HSN code', () => {
  async function product(fields: { price: number; mrp: number | null }) {
    const [row] = await insertProducts(t.db, [{ name: 'Kurta shirt', ...fields }]);
    // Inserted behind the catalogue's back: announce it, and wait until the list shows it.
    await t.db.execute(`NOTIFY ${CATALOG_CHANGED_CHANNEL}`);
    await expect.poll(async () => (await listed(row!.id))?.mrp).toBe(fields.mrp);
    return row!;
  }

  it.each([
    ['a price above the stored MRP', { price: 1600 }],
    ['an MRP below the stored price', { mrp: 998 }],
    ['an MRP below the price sent with it', { price: 1400, mrp: 1300 }],
  ])('refuses %s with a 400 before the database would, changing nothing', async (_, body) => {
    const row = await product({ price: 999, mrp: 1500 });
    const res = await patchProduct(row.id, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ success: false, message: M.mrpBelowPrice });
    expect(await stored(row.id)).toMatchObject({ price: 999, mrp: 1500 });
  });

  it('raises the price with the MRP, clears the MRP, and the shop’s list follows each edit', async () => {
    const row = await product({ price: 999, mrp: 1500 });

    const both = await patchProduct(row.id, { price: 1600, mrp: 2400 });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().product).toMatchObject({ price: 1600, mrp: 2400 });
    expect(await listed(row.id)).toMatchObject({ price: 1600, mrp: 2400 });

    const cleared = await patchProduct(row.id, { mrp: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().product.mrp).toBeNull();
    expect((await stored(row.id))?.mrp).toBeNull();
    expect((await listed(row.id)).mrp).toBeNull();
    expect((await t.app.inject(`/api/product/${row.id}`)).json().product.mrp).toBeNull();

    // Without an MRP any price goes; an MRP equal to the price is allowed.
    expect((await patchProduct(row.id, { price: 5000 })).statusCode).toBe(200);
    const equal = await patchProduct(row.id, { mrp: 5000 });
    expect(equal.statusCode, equal.body).toBe(200);
    expect(await listed(row.id)).toMatchObject({ price: 5000, mrp: 5000 });
  });

  it('an HSN code of the old category follows a category change; one the owner typed stays', async () => {
    const row = await product({ price: 999, mrp: null });
    expect((await stored(row.id))?.hsn).toBe('620520');

    const pants = await patchProduct(row.id, { category: 'PANTS' });
    expect(pants.statusCode, pants.body).toBe(200);
    expect(pants.json().product.hsn).toBe('620342');

    const typed = await patchProduct(row.id, { hsn: '62034200' });
    expect(typed.json().product.hsn).toBe('62034200');
    const tees = await patchProduct(row.id, { category: 'T-SHIRTS' });
    expect(tees.json().product).toMatchObject({ category: 'T-SHIRTS', hsn: '62034200' });

    const bad = await patchProduct(row.id, { hsn: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ success: false, message: M.hsn });
    expect((await stored(row.id))?.hsn).toBe('62034200');
  });
});
