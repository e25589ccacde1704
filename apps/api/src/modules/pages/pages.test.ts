import fs from 'node:fs';
import { PICTURE_SIZES } from '@vastra/shared/pictures/picture-sizes';
import { pictureSrcset } from '@vastra/shared/pictures/picture-widths';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { productPath } from '@vastra/shared/links/product-url';
import { products } from '../../db/schema/products';
import {
  ADDRESS,
  insertProducts,
  loggedInAdmin,
  loggedInShopper,
  setStock,
} from '../../test/fixtures';
import { makeTempDir } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import { CATALOG_CHANGED_CHANNEL } from '../catalog/catalog.service';

/** The storefront's built index.html, as Vite writes it (apps/web/index.html plus its assets). */
const INDEX_HTML = `<!doctype html>
<html lang="en-IN">
  <head>
    <meta charset="UTF-8" />
    <title>Vastra — Shirts, T-shirts and Pants Online in India</title>
    <meta
      name="description"
      content="Shop original shirts, T-shirts and pants from the brands India loves."
    />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;
const PUBLIC_URL = 'https://vastra.example';

/** The build's manifest for INDEX_HTML (vite.config.ts `build.manifest`), cut to what matters. */
const MANIFEST = {
  'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: ['_compat.js'] },
  '_compat.js': { file: 'assets/compat-1.js' },
  '_common.js': { file: 'assets/common-2.js', imports: ['_compat.js'] },
  'src/app/routes/collection-route.tsx': {
    file: 'assets/collection-route-3.js',
    imports: ['index.html', '_compat.js', '_query.js'],
  },
  '_query.js': { file: 'assets/query-4.js', imports: ['_common.js'] },
  'src/app/routes/product-route.tsx': {
    file: 'assets/product-route-5.js',
    imports: ['index.html', '_common.js'],
  },
};

let webDistDir = '';
beforeAll(() => {
  webDistDir = makeTempDir('web');
  fs.writeFileSync(path.join(webDistDir, 'index.html'), INDEX_HTML);
  fs.mkdirSync(path.join(webDistDir, '.vite'));
  fs.writeFileSync(path.join(webDistDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
});

const t = useTestApp({
  app: 'test',
  env: () => ({ WEB_DIST_DIR: webDistDir, PUBLIC_URL }),
  deps: { sitemapUrlsPerFile: 14 },
});

/** The page as a browser or a link preview gets it: brotli, gzip or plain, the same HTML. */
async function page(url: string, encoding = 'br', headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url, headers: { 'accept-encoding': encoding, ...headers } });
  const body = res.rawPayload;
  const html =
    res.headers['content-encoding'] === 'br'
      ? zlib.brotliDecompressSync(body).toString()
      : res.headers['content-encoding'] === 'gzip'
        ? zlib.gunzipSync(body).toString()
        : body.toString();
  return { res, html };
}

/** The content of `<meta property|name="key" content="…">`, as written (still escaped). */
function tag(html: string, key: string): string | undefined {
  return new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1];
}

/** The pictures a page preloads with its HTML (decisions 146, 149). */
const preloads = (html: string) =>
  [
    ...html.matchAll(
      /<link rel="preload" as="image" href="([^"]*)"[^>]* fetchpriority="high" \/>/g,
    ),
  ].map((m) => m[1]);

/** The widths a page's picture preload offers: its imagesrcset and imagesizes (decision 148). */
const preloadWidths = (html: string) => {
  const tag = /<link rel="preload" as="image"[^>]*>/.exec(html)?.[0] ?? '';
  return {
    srcset: /imagesrcset="([^"]*)"/.exec(tag)?.[1],
    sizes: /imagesizes="([^"]*)"/.exec(tag)?.[1],
  };
};

/** The answer a page carries in `<script id="…">` for the first render (decisions 154, 165), parsed. */
const carriedIn = (id: string) => (html: string) => {
  const found = new RegExp(`<script type="application/json" id="${id}">([\\s\\S]*?)</script>`).exec(
    html,
  );
  return found ? (JSON.parse(found[1]!) as unknown) : undefined;
};
const carried = carriedIn('product-data');

const canonical = (html: string) => /<link rel="canonical" href="([^"]*)" \/>/.exec(html)?.[1];
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

async function oneProduct(row: Parameters<typeof insertProducts>[1][number] = {}) {
  const [product] = await insertProducts(t.db, [
    {
      name: 'Rare Rabbit Linen Shirt',
      description: 'Pure linen, cut slim, for Chennai summers.',
      price: 2499,
      subCategory: 'RARE-RABBIT',
      images: ['/uploads/products/linen-1.webp', '/uploads/products/linen-2.webp'],
      ...row,
    },
  ]);
  return product!;
}

describe('GET /product/:slugOrId sends the product’s own tags in the HTML', () => {
  it('answers the readable and the bare address with title, description, canonical URL and share tags', async () => {
    const product = await oneProduct();
    const readable = productPath({ _id: product.id, name: product.name });
    expect(readable).toBe(`/product/rare-rabbit-linen-shirt-${product.id}`);

    for (const url of [readable, `/product/${product.id}`, `/product/old-name-${product.id}`]) {
      const { res, html } = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-encoding']).toBe('br');
      expect(title(html)).toBe('Rare Rabbit Linen Shirt | Vastra');
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(tag(html, 'description')).toBe('Pure linen, cut slim, for Chennai summers.');
      expect(html.match(/name="description"/g)).toHaveLength(1);
      expect(canonical(html)).toBe(`${PUBLIC_URL}${readable}`);
      expect(tag(html, 'og:type')).toBe('product');
      expect(tag(html, 'og:site_name')).toBe('Vastra');
      expect(tag(html, 'og:title')).toBe('Rare Rabbit Linen Shirt');
      expect(tag(html, 'og:description')).toBe(
        '₹2,499 · Rare Rabbit · Pure linen, cut slim, for Chennai summers.',
      );
      expect(tag(html, 'og:url')).toBe(`${PUBLIC_URL}${readable}`);
      expect(tag(html, 'og:image')).toBe(`${PUBLIC_URL}/uploads/products/linen-1.webp`);
      expect(tag(html, 'product:price:amount')).toBe('2499.00');
      expect(tag(html, 'product:price:currency')).toBe('INR');
      expect(tag(html, 'twitter:card')).toBe('summary_large_image');
      expect(tag(html, 'twitter:image')).toBe(`${PUBLIC_URL}/uploads/products/linen-1.webp`);
      // Still the storefront: its script loads and its router draws the page.
      expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js">');
    }
  });

  it('sends the same page gzip-compressed or plain, and 304 to a client that has it', async () => {
    const product = await oneProduct();
    const url = `/product/${product.id}`;
    const br = await page(url, 'br');
    const gzip = await page(url, 'gzip, deflate');
    const plain = await page(url, 'identity');
    expect(gzip.res.headers['content-encoding']).toBe('gzip');
    expect(plain.res.headers['content-encoding']).toBeUndefined();
    expect(gzip.html).toBe(br.html);
    expect(plain.html).toBe(br.html);
    expect(br.res.headers.vary).toMatch(/accept-encoding/);
    expect(br.res.headers['cache-control']).toBe('no-cache');
    const etag = String(br.res.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await page(url, 'br', { 'if-none-match': etag });
    expect(again.res.statusCode).toBe(304);
    expect(again.res.rawPayload).toHaveLength(0);
    // Another product's page is another page.
    const other = await oneProduct({ name: 'Snitch Cargo Pants' });
    expect((await page(`/product/${other.id}`)).res.headers.etag).not.toBe(etag);
  });

  it('escapes every value: a name with quotes or <script> stays text', async () => {
    const product = await oneProduct({
      name: `"><script>alert('x')</script> & Co`,
      description: `Says "hi" </title><script>alert(1)</script>`,
      images: [`/uploads/products/a"onerror="x.webp`],
    });
    const { html } = await page(`/product/${product.id}`);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('"><script>');
    // The storefront's script and the product's data (decision 154), nothing else.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(title(html)).toBe(
      '&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; Co | Vastra',
    );
    expect(tag(html, 'og:title')).toBe(
      '&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; Co',
    );
    expect(tag(html, 'description')).toBe(
      'Says &quot;hi&quot; &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
    );
    // The URL parser encodes the quote; the escaping would have caught it otherwise.
    expect(tag(html, 'og:image')).toBe(`${PUBLIC_URL}/uploads/products/a%22onerror=%22x.webp`);
    expect(canonical(html)).toBe(`${PUBLIC_URL}/product/script-alert-x-script-co-${product.id}`);
  });

  it('sends the storefront with the default tags for an unknown, deleted or malformed product', async () => {
    const deleted = await oneProduct({ deletedAt: new Date() });
    for (const url of [
      `/product/${deleted.id}`,
      '/product/0b7c6a52-8f1e-4b8e-9a53-2f3d1c0e9a11',
      '/product/no-such-thing',
      `/product/${'x'.repeat(400)}`,
    ]) {
      const { res, html } = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(tag(html, 'og:type')).toBe('website');
      expect(title(html)).toBe('Vastra — Shirts, T-shirts and Pants Online in India');
      expect(canonical(html)).toBeUndefined();
      expect(tag(html, 'og:image')).toBeUndefined();
    }
  });

  it('answers with the new name right after the owner renames the product', async () => {
    const product = await oneProduct();
    expect(tag((await page(`/product/${product.id}`)).html, 'og:title')).toBe(
      'Rare Rabbit Linen Shirt',
    );
    const admin = await loggedInAdmin(t.app, t.db);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${product.id}`,
      headers: { token: admin.token },
      payload: { name: 'Rare Rabbit Linen Shirt — Sky Blue', price: 2199 },
    });
    expect(patched.statusCode).toBe(200);
    const { html } = await page(`/product/${product.id}`);
    expect(tag(html, 'og:title')).toBe('Rare Rabbit Linen Shirt — Sky Blue');
    expect(tag(html, 'product:price:amount')).toBe('2199.00');
    expect(canonical(html)).toBe(
      `${PUBLIC_URL}/product/rare-rabbit-linen-shirt-sky-blue-${product.id}`,
    );
  });

  it('hears a change another process announces (NOTIFY) and reads the product again', async () => {
    const product = await oneProduct();
    expect(tag((await page(`/product/${product.id}`)).html, 'og:title')).toBe(
      'Rare Rabbit Linen Shirt',
    );
    await t.db.transaction(async (tx) => {
      await tx
        .update(products)
        .set({ name: 'Renamed Elsewhere' })
        .where(eq(products.id, product.id));
      await tx.execute(sql.raw(`NOTIFY ${CATALOG_CHANGED_CHANNEL}`));
    });
    await expect
      .poll(async () => tag((await page(`/product/${product.id}`)).html, 'og:title'), {
        timeout: 5_000,
        interval: 50,
      })
      .toBe('Renamed Elsewhere');
  });

  it('without PUBLIC_URL, writes absolute URLs on the address the request was sent to', async () => {
    await t.start({ PUBLIC_URL: '' });
    const product = await oneProduct();
    const at = async (host: string) =>
      canonical((await page(`/product/${product.id}`, 'br', { host })).html);
    expect(await at('shop.example.in:8080')).toBe(
      `http://shop.example.in:8080/product/rare-rabbit-linen-shirt-${product.id}`,
    );
    // A Host that is not a host name is not echoed into the page.
    expect(await at('evil.example"><script>')).toBe(
      `http://localhost/product/rare-rabbit-linen-shirt-${product.id}`,
    );
  });
});

describe('GET /product/:slugOrId carries the product for the first render (decision 154)', () => {
  it('holds the product as GET /api/product/:id answers it, stock included, safe inside its script', async () => {
    const product = await oneProduct({
      description: 'Linen </script><script>alert(1)</script> & more\u2028on a new line',
      sizes: ['M', 'L'],
    });
    await setStock(t.db, product.id, { M: 0, L: 4 });
    const api = await t.app.inject(`/api/product/${product.id}`);
    expect(api.statusCode).toBe(200);

    const { html } = await page(productPath({ _id: product.id, name: product.name }));
    expect(carried(html)).toEqual(api.json());
    expect(carried(html)).toMatchObject({ product: { stock: { M: 0, L: 4 } } });
    // Written so that no text in it can end the element or start another.
    const raw = /id="product-data">([^<]*)<\/script>/.exec(html)?.[1];
    expect(raw).toContain('Linen \\u003c/script\\u003e\\u003cscript\\u003ealert(1)');
    expect(raw).toContain('more\\u2028on');
  });

  it('carries the stock an order just took: a stock change makes the page again', async () => {
    const product = await oneProduct({ sizes: ['M', 'L'] });
    await setStock(t.db, product.id, { M: 1, L: 4 });
    await t.db.execute(sql.raw(`NOTIFY ${CATALOG_CHANGED_CHANNEL}`));
    const url = `/product/${product.id}`;
    await expect
      .poll(async () => carried((await page(url)).html), { timeout: 5_000, interval: 50 })
      .toMatchObject({ product: { stock: { M: 1, L: 4 } } });

    const buyer = await loggedInShopper(t.app, t.db, 'buyer');
    const post = (path: string, payload: object) =>
      t.app.inject({ method: 'POST', url: path, headers: { token: buyer.token }, payload });
    expect((await post('/api/cart/add', { itemId: product.id, size: 'M' })).statusCode).toBe(200);
    const placed = await post('/api/order/place', { address: ADDRESS, paymentMethod: 'cod' });
    expect(placed.statusCode).toBe(200);

    expect(carried((await page(url)).html)).toMatchObject({ product: { stock: { M: 0, L: 4 } } });
  });
});

describe('every other storefront address', () => {
  it('gets the storefront with the shop’s default tags, pre-compressed', async () => {
    for (const url of ['/', '/collection?category=SHIRTS', '/about', '/orders/123']) {
      const { res, html } = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(tag(html, 'og:type')).toBe('website');
      expect(tag(html, 'og:site_name')).toBe('Vastra');
      expect(tag(html, 'og:title')).toBe('Vastra — Shirts, T-shirts and Pants Online in India');
      expect(tag(html, 'description')).toBe(
        'Shop original shirts, T-shirts and pants from the brands India loves.',
      );
      expect(tag(html, 'twitter:card')).toBe('summary');
      expect(html).toContain('/assets/index-abc.js');
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/collection' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
  });
});

describe('GET / preloads the hero’s first picture (docs/decisions/146)', () => {
  it('names the newest live product’s first picture, and follows a catalogue change', async () => {
    expect(preloads((await page('/')).html)).toEqual([]);
    await insertProducts(t.db, [
      { images: ['/uploads/products/old-1.webp'] },
      { images: ['/uploads/products/new-1.webp', '/uploads/products/new-2.webp'] },
      { images: ['/uploads/products/gone-1.webp'], deletedAt: new Date() },
    ]);
    // Kept per catalogue change: nothing was announced yet, so the empty shop's page stays.
    expect(preloads((await page('/')).html)).toEqual([]);
    await t.db.execute(sql.raw(`NOTIFY ${CATALOG_CHANGED_CHANNEL}`));
    await expect
      .poll(async () => preloads((await page('/')).html), { timeout: 5_000, interval: 50 })
      .toEqual(['/uploads/products/new-1.webp']);
    const { res, html } = await page('/', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(tag(html, 'og:type')).toBe('website');
    // Other pages do not fetch the home page's picture.
    expect(preloads((await page('/cart')).html)).toEqual([]);
    const head = await t.app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
  });
});

describe('GET /collection preloads its first card’s picture (docs/decisions/151)', () => {
  it('names the newest live product’s first picture in the card’s widths, and follows a change', async () => {
    expect(preloads((await page('/collection')).html)).toEqual([]);
    const [older] = await insertProducts(t.db, [
      { images: ['/uploads/products/older-w800.webp'] },
      { images: ['/uploads/products/newer-w800.webp', '/uploads/products/newer-2-w800.webp'] },
      { images: ['/uploads/products/gone-w800.webp'], deletedAt: new Date() },
    ]);
    await t.db.execute(sql.raw(`NOTIFY ${CATALOG_CHANGED_CHANNEL}`));
    await expect
      .poll(async () => preloads((await page('/collection')).html), {
        timeout: 5_000,
        interval: 50,
      })
      .toEqual(['/uploads/products/newer-w800.webp']);
    const { html } = await page('/collection');
    // The widths the first card's <img> takes (decision 148).
    expect(preloadWidths(html)).toEqual({
      srcset: pictureSrcset('/uploads/products/newer-w800.webp'),
      sizes: PICTURE_SIZES.collection,
    });
    // Filters change the first card: nothing is preloaded for them.
    expect(preloads((await page('/collection?category=PANTS')).html)).toEqual([]);
    // The newest deleted: the next newest is the first card.
    await t.db.execute(
      sql`update products set deleted_at = now() where images[1] = '/uploads/products/newer-w800.webp'`,
    );
    await t.db.execute(sql.raw(`NOTIFY ${CATALOG_CHANGED_CHANNEL}`));
    await expect
      .poll(async () => preloads((await page('/collection')).html), {
        timeout: 5_000,
        interval: 50,
      })
      .toEqual([older!.images[0]]);
  });
});

describe('GET / carries its first screen for the first render (decision 165)', () => {
  const firstScreen = carriedIn('home-data');

  it('holds the hero, the latest row and the best sellers as their endpoints answer, stock included', async () => {
    const [product] = await insertProducts(t.db, [
      { name: 'Oxford Shirt', sizes: ['M'] },
      { name: 'Linen Shirt' },
    ]);
    await setStock(t.db, product!.id, { M: 1 });
    await t.db.execute(sql.raw(`NOTIFY ${CATALOG_CHANGED_CHANNEL}`));
    const answers = async () => ({
      hero: (await t.app.inject('/api/home/hero')).json(),
      latest: (await t.app.inject('/api/product/latest')).json(),
      bestsellers: (await t.app.inject('/api/product/bestsellers')).json(),
    });
    const before = await answers();
    expect(before.latest).toMatchObject({
      products: [{ name: 'Linen Shirt' }, { stock: { M: 1 } }],
    });
    await expect
      .poll(async () => firstScreen((await page('/')).html), { timeout: 5_000, interval: 50 })
      .toEqual(before);

    // An order takes the last M: the page is made again with the stock the rows now show.
    const buyer = await loggedInShopper(t.app, t.db, 'buyer');
    const post = (path: string, payload: object) =>
      t.app.inject({ method: 'POST', url: path, headers: { token: buyer.token }, payload });
    expect((await post('/api/cart/add', { itemId: product!.id, size: 'M' })).statusCode).toBe(200);
    expect(
      (await post('/api/order/place', { address: ADDRESS, paymentMethod: 'cod' })).statusCode,
    ).toBe(200);
    const after = await answers();
    expect(after.latest).toMatchObject({ products: [{}, { stock: { M: 0 } }] });
    expect(firstScreen((await page('/')).html)).toEqual(after);
  });
});

describe('GET /collection carries its first page for the first render (decision 165)', () => {
  /** The answer the collection page carries, parsed. */
  const firstPage = carriedIn('collection-data');

  it('holds GET /api/products’s answer to the storefront’s first query, and nothing when filtered', async () => {
    await insertProducts(t.db, [
      { name: 'Oxford </script><script>alert(1)</script> Shirt' },
      { name: 'Linen Shirt', category: 'PANTS' },
    ]);
    await t.db.execute(sql.raw(`NOTIFY ${CATALOG_CHANGED_CHANNEL}`));
    // What the storefront asks for as the collection first opens (collection-url.ts, apiQueryOf).
    const api = await t.app.inject('/api/products?sort=relevant');
    expect(api.statusCode).toBe(200);
    await expect
      .poll(async () => firstPage((await page('/collection')).html), {
        timeout: 5_000,
        interval: 50,
      })
      .toEqual(api.json());
    const { html } = await page('/collection');
    expect(html).toContain('Oxford \\u003c/script\\u003e\\u003cscript\\u003ealert(1)');
    expect(firstPage((await page('/collection?category=PANTS')).html)).toBeUndefined();
  });

  it('carries the stock an order just took: a stock change makes the page again', async () => {
    const [product] = await insertProducts(t.db, [{ name: 'Oxford Shirt', sizes: ['M'] }]);
    await setStock(t.db, product!.id, { M: 1 });
    await t.db.execute(sql.raw(`NOTIFY ${CATALOG_CHANGED_CHANNEL}`));
    const stockOf = async () =>
      (firstPage((await page('/collection')).html) as { products: { stock: object }[] } | undefined)
        ?.products[0]?.stock;
    await expect.poll(stockOf, { timeout: 5_000, interval: 50 }).toEqual({ M: 1 });

    const buyer = await loggedInShopper(t.app, t.db, 'buyer');
    const post = (path: string, payload: object) =>
      t.app.inject({ method: 'POST', url: path, headers: { token: buyer.token }, payload });
    expect((await post('/api/cart/add', { itemId: product!.id, size: 'M' })).statusCode).toBe(200);
    const placed = await post('/api/order/place', { address: ADDRESS, paymentMethod: 'cod' });
    expect(placed.statusCode).toBe(200);

    expect(await stockOf()).toEqual({ M: 0 });
  });
});

describe('GET /product/:slugOrId preloads its first picture (docs/decisions/149)', () => {
  it('names the gallery’s main picture, the path the page shows, and nothing without a picture', async () => {
    const product = await oneProduct();
    const { html } = await page(productPath({ _id: product.id, name: product.name }));
    // The same relative path the gallery's <img src> has, so the browser uses the preloaded bytes.
    expect(preloads(html)).toEqual(['/uploads/products/linen-1.webp']);
    const bare = await oneProduct({ name: 'No Picture Tee', images: [] });
    expect(preloads((await page(`/product/${bare.id}`)).html)).toEqual([]);
  });

  it('offers the widths and sizes the gallery’s <img> has, so the picture is fetched once', async () => {
    const two = await oneProduct({
      name: 'Two Picture Shirt',
      images: ['/uploads/products/two-a-w800.webp', '/uploads/products/two-b-w800.webp'],
    });
    expect(preloadWidths((await page(`/product/${two.id}`)).html)).toEqual({
      srcset: pictureSrcset('/uploads/products/two-a-w800.webp'),
      sizes: PICTURE_SIZES.gallery,
    });
    // One picture: the gallery has no thumbnails beside it, so its main picture is wider.
    const one = await oneProduct({
      name: 'One Picture Shirt',
      images: ['/uploads/products/one-w800.webp'],
    });
    expect(preloadWidths((await page(`/product/${one.id}`)).html)).toEqual({
      srcset: '/uploads/products/one-w400.webp 400w, /uploads/products/one-w800.webp 800w',
      sizes: PICTURE_SIZES.galleryAlone,
    });
  });
});

describe('the collection and product pages name their route’s chunks (docs/decisions/149)', () => {
  const chunks = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]*)" \/>/g)].map(
      (m) => m[1],
    );

  it('lists the route’s chunk and its imports, not what the first script loads already', async () => {
    expect(chunks((await page('/collection')).html)).toEqual([
      '/assets/collection-route-3.js',
      '/assets/query-4.js',
      '/assets/common-2.js',
    ]);
    expect(chunks((await page('/collection?category=SHIRTS', 'gzip')).html)).toHaveLength(3);
    const product = await oneProduct();
    expect(chunks((await page(`/product/${product.id}`)).html)).toEqual([
      '/assets/product-route-5.js',
      '/assets/common-2.js',
    ]);
    // Other pages load other routes: nothing extra to fetch.
    expect(chunks((await page('/about')).html)).toEqual([]);
    expect(chunks((await page('/collections')).html)).toEqual([]);
  });
});

describe('GET /sitemap.xml', () => {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

  it('lists the shop pages and every live product’s readable URL with lastmod, not deleted ones', async () => {
    const [shirt, pants] = await insertProducts(t.db, [
      { name: 'Oxford Shirt', createdAt: new Date('2026-03-01T10:00:00Z') },
      { name: 'Slim Chinos', createdAt: new Date('2026-03-02T10:00:00Z') },
    ]);
    await oneProduct({ name: 'Gone Shirt', deletedAt: new Date() });
    const res = await t.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    expect(locs(res.body)).toEqual([
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/collection`,
      `${PUBLIC_URL}/collection?category=SHIRTS`,
      `${PUBLIC_URL}/collection?category=T-SHIRTS`,
      `${PUBLIC_URL}/collection?category=PANTS`,
      `${PUBLIC_URL}/about`,
      `${PUBLIC_URL}/contact`,
      `${PUBLIC_URL}/shipping-policy`,
      `${PUBLIC_URL}/refund-policy`,
      `${PUBLIC_URL}/privacy-policy`,
      `${PUBLIC_URL}/terms-of-service`,
      `${PUBLIC_URL}/product/oxford-shirt-${shirt!.id}`,
      `${PUBLIC_URL}/product/slim-chinos-${pants!.id}`,
    ]);
    expect(res.body).toContain(
      `<url><loc>${PUBLIC_URL}/product/oxford-shirt-${shirt!.id}</loc><lastmod>2026-03-01</lastmod></url>`,
    );
    expect(res.body).not.toContain('gone-shirt');
  });

  it('becomes an index of files of at most the limit when the URLs do not fit one file', async () => {
    // 11 shop pages + 29 live products > 14 per file (this app's limit): pages.xml and 3 product files.
    const rows = await insertProducts(
      t.db,
      Array.from({ length: 30 }, (_, i) => ({ name: `Tee ${i}` })),
      0,
    );
    await t.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, rows[5]!.id));
    const index = await t.app.inject('/sitemap.xml');
    expect(index.body).toContain('<sitemapindex ');
    const files = locs(index.body);
    expect(files).toEqual([
      `${PUBLIC_URL}/sitemaps/pages.xml`,
      `${PUBLIC_URL}/sitemaps/products-1.xml`,
      `${PUBLIC_URL}/sitemaps/products-2.xml`,
      `${PUBLIC_URL}/sitemaps/products-3.xml`,
    ]);
    const listed: string[] = [];
    for (const file of files) {
      const res = await t.app.inject(new URL(file!).pathname);
      expect(res.statusCode, file).toBe(200);
      expect(res.body).toContain('<urlset ');
      const urls = locs(res.body);
      expect(urls.length).toBeLessThanOrEqual(14);
      listed.push(...(urls as string[]));
    }
    const live = rows.filter((_, i) => i !== 5);
    expect(listed.slice(11)).toEqual(
      live.map(
        (row) => `${PUBLIC_URL}/product/${row.name.toLowerCase().replace(' ', '-')}-${row.id}`,
      ),
    );
    for (const missing of ['/sitemaps/products-4.xml', '/sitemaps/products-0.xml', '/sitemaps/x']) {
      const res = await t.app.inject(missing);
      expect(res.statusCode, missing).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'No such sitemap file' });
    }
  });
});

describe('GET /robots.txt', () => {
  it('opens the shop, closes the owner’s area, the API and shoppers’ own pages, and names the sitemap', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /']);
    for (const path of ['/admin', '/api/', '/cart', '/orders', '/profile', '/place-order'])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).not.toContain('Disallow: /product');
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});
