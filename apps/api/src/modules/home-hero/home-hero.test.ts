import fs from 'node:fs';
import { PICTURE_SIZES } from '@vastra/shared/pictures/picture-sizes';
import { pictureSrcset } from '@vastra/shared/pictures/picture-widths';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { productPath } from '@vastra/shared/links/product-url';
import { ADMIN_PRODUCT_MESSAGES } from '@vastra/shared/schemas/admin';
import {
  adminHomeHeroResponseSchema,
  HOME_HERO_MESSAGES as M,
  homeHeroResponseSchema,
  type HomeHero,
} from '@vastra/shared/schemas/home-hero';
import { homeHero } from '../../db/schema/home-hero';
import { products } from '../../db/schema/products';
import {
  filesUnder,
  insertProducts,
  loggedInAdmin,
  loggedInShopper,
  multipart,
  type FilePart,
} from '../../test/fixtures';
import { makeTempDir } from '../../test/test-app';
import { useTestApp } from '../../test/use-test-app';
import { CATALOG_CHANGED_CHANNEL } from '../catalog/catalog.service';

// docs/decisions/147-owner-picks-the-home-hero.md. A built index.html, so GET / answers the
// home page with its preload.
let webDistDir = '';
beforeAll(() => {
  webDistDir = makeTempDir('web');
  fs.writeFileSync(
    path.join(webDistDir, 'index.html'),
    '<!doctype html><html><head><title>Vastra</title></head><body><div id="root"></div></body></html>',
  );
});
const t = useTestApp({ app: 'test', env: () => ({ WEB_DIST_DIR: webDistDir }) });
let token: string;
beforeEach(async () => {
  token = (await loggedInAdmin(t.app, t.db)).token;
});

async function shown(): Promise<HomeHero> {
  const res = await t.app.inject('/api/home/hero');
  expect(res.statusCode, res.body).toBe(200);
  return homeHeroResponseSchema.parse(res.json()).hero;
}
const srcs = (hero: HomeHero) => hero.pictures.map((p) => p.src);

function put(payload: unknown, headers: Record<string, string> = { token }) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/admin/home-hero',
    headers,
    payload: payload as object,
  });
}

async function png(colour = '#3355aa'): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 900, channels: 3, background: colour } })
    .png()
    .toBuffer();
}
const banner = (bytes: Buffer, field = 'image'): FilePart => ({
  field,
  filename: 'banner.png',
  contentType: 'image/png',
  bytes,
});
function upload(fields: Record<string, string>, files: FilePart[], headers = { token }) {
  const form = multipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/home-hero/banner',
    payload: form.payload,
    headers: { ...form.headers, ...headers },
  });
}

/** The picture GET / preloads (the hero's first). */
async function preloaded(): Promise<string[]> {
  const html = (await t.app.inject({ url: '/', headers: { 'accept-encoding': 'identity' } })).body;
  return [...html.matchAll(/<link rel="preload" as="image" href="([^"]*)"/g)].map((m) => m[1]!);
}

describe('GET /api/home/hero', () => {
  it('shows the two newest pictured products when nothing is picked, each linking to its page', async () => {
    expect(await shown()).toEqual({ kind: 'products', pictures: [] });
    const [, older, newer] = await insertProducts(t.db, [
      { name: 'Oldest' },
      { name: 'Older' },
      { name: 'Newer' },
      { name: 'No picture yet', images: [] },
      { name: 'Gone', deletedAt: new Date() },
    ]);
    expect((await shown()).pictures).toEqual([
      { src: newer!.images[0], alt: 'Newer', href: productPath({ _id: newer!.id, name: 'Newer' }) },
      { src: older!.images[0], alt: 'Older', href: productPath({ _id: older!.id, name: 'Older' }) },
    ]);
  });

  it('shows the picked products in their order; a deleted or unpictured pick gives its place to the newest', async () => {
    const [a, b, , newest] = await insertProducts(t.db, [{}, {}, {}, {}]);
    const res = await put({ kind: 'products', productIds: [a!.id, b!.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(srcs(await shown())).toEqual([a!.images[0], b!.images[0]]);

    // One pick: the newest fills the second place.
    await put({ kind: 'products', productIds: [b!.id] });
    expect(srcs(await shown())).toEqual([b!.images[0], newest!.images[0]]);

    await put({ kind: 'products', productIds: [a!.id, b!.id] });
    await t.db.update(products).set({ deletedAt: new Date() }).where(eq(products.id, a!.id));
    await t.db.update(products).set({ images: [] }).where(eq(products.id, b!.id));
    const after = await shown();
    expect(after.kind).toBe('products');
    expect(after.pictures).toHaveLength(2);
    expect(srcs(after)[0]).toBe(newest!.images[0]);
    // The owner sees which pick no longer shows.
    const admin = (await t.app.inject({ url: '/api/admin/home-hero', headers: { token } })).json();
    expect(admin.hero.products.map((p: { live: boolean }) => p.live)).toEqual([false, true]);
  });
});

describe('PUT /api/admin/home-hero', () => {
  it('is the owner’s: 401 without a session, 403 for a shopper, and nothing changes', async () => {
    const [a] = await insertProducts(t.db, [{}]);
    const choice = { kind: 'products', productIds: [a!.id] };
    expect((await put(choice, {})).statusCode).toBe(401);
    const shopper = await loggedInShopper(t.app, t.db);
    expect((await put(choice, { token: shopper.token })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: '/api/admin/home-hero', headers: { token: shopper.token } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await upload({ alt: 'x' }, [banner(await png())], { token: shopper.token })).statusCode,
    ).toBe(403);
    expect(await t.db.select().from(homeHero)).toEqual([]);
  });

  it.each([
    ['no kind', {}, M.kind],
    ['an unknown kind', { kind: 'video' }, M.kind],
    ['no products', { kind: 'products', productIds: [] }, M.productsCount],
    [
      'three products',
      { kind: 'products', productIds: [1, 2, 3].map(() => crypto.randomUUID()) },
      M.productsCount,
    ],
    ['an id that is no UUID', { kind: 'products', productIds: ['abc'] }, 'Invalid id'],
    ['the banner without its text', { kind: 'banner', alt: '  ' }, M.alt],
  ])('refuses %s with a plain 400', async (_, body, message) => {
    const res = await put(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await t.db.select().from(homeHero)).toEqual([]);
  });

  it('refuses unknown, deleted and unpictured products, the same one twice, and a banner never uploaded', async () => {
    const [live, gone, bare] = await insertProducts(t.db, [
      {},
      { deletedAt: new Date() },
      { images: [] },
    ]);
    const cases: [unknown, string][] = [
      [{ kind: 'products', productIds: [live!.id, crypto.randomUUID()] }, M.unknownProduct],
      [{ kind: 'products', productIds: [gone!.id] }, M.unknownProduct],
      [{ kind: 'products', productIds: [bare!.id] }, M.noPicture],
      [{ kind: 'products', productIds: [live!.id, live!.id] }, M.productTwice],
      [{ kind: 'banner', alt: 'Summer linen' }, M.noBanner],
    ];
    for (const [body, message] of cases) {
      const res = await put(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ success: false, message: expect.stringContaining(message) });
    }
    expect(await t.db.select().from(homeHero)).toEqual([]);
  });

  it('answers the setting with what shows; back to the newest with kind newest', async () => {
    const [a, b] = await insertProducts(t.db, [{ name: 'A' }, { name: 'B' }]);
    const res = await put({ kind: 'products', productIds: [a!.id] });
    const body = adminHomeHeroResponseSchema.parse(res.json());
    expect(body).toMatchObject({
      message: M.saved,
      hero: {
        kind: 'products',
        products: [{ _id: a!.id, name: 'A', image: a!.images[0], live: true }],
        banner: null,
        shown: { kind: 'products', pictures: [{ alt: 'A' }, { alt: 'B' }] },
      },
    });
    await put({ kind: 'newest' });
    expect(srcs(await shown())).toEqual([b!.images[0], a!.images[0]]);
  });
});

describe('POST /api/admin/home-hero/banner', () => {
  const stored = () => filesUnder(path.join(t.config.uploadsDir, 'products'));

  it('stores the banner as 800 and 400 px WebP and shows it; products can be picked and the banner shown again', async () => {
    const [a] = await insertProducts(t.db, [{}]);
    const res = await upload({ alt: ' Linen for the summer ' }, [banner(await png())]);
    expect(res.statusCode, res.body).toBe(200);
    const hero = adminHomeHeroResponseSchema.parse(res.json()).hero;
    expect(hero.banner).toEqual({
      src: expect.stringMatching(/-w800\.webp$/),
      alt: 'Linen for the summer',
    });
    expect(stored()).toEqual([
      expect.stringMatching(/^upload-[0-9a-f]+-w400\.webp$/),
      expect.stringMatching(/^upload-[0-9a-f]+-w800\.webp$/),
    ]);
    expect(await shown()).toEqual({
      kind: 'banner',
      pictures: [{ src: hero.banner!.src, alt: 'Linen for the summer', href: null }],
    });
    // The banner's bytes are served.
    const served = await t.app.inject(hero.banner!.src);
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(800);

    await put({ kind: 'products', productIds: [a!.id] });
    expect((await shown()).kind).toBe('products');
    expect((await put({ kind: 'banner', alt: 'Cotton' })).statusCode).toBe(200);
    expect((await shown()).pictures[0]).toEqual({
      src: hero.banner!.src,
      alt: 'Cotton',
      href: null,
    });
  });

  it('refuses what is not a picture, no file, no text or two files, and stores nothing', async () => {
    const cases: [Record<string, string>, FilePart[], string][] = [
      [
        { alt: 'A' },
        [banner(Buffer.from('GIF89a not really'))],
        ADMIN_PRODUCT_MESSAGES.imageFormat,
      ],
      [{ alt: 'A' }, [], M.bannerFile],
      [{ alt: 'A' }, [banner(await png(), 'images')], M.bannerFile],
      [{}, [banner(await png())], M.alt],
      [{ alt: 'A' }, [banner(await png()), banner(await png('#000000'))], M.tooManyFiles],
    ];
    for (const [fields, files, message] of cases) {
      const res = await upload(fields, files);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(stored()).toEqual([]);
    expect(await t.db.select().from(homeHero)).toEqual([]);
  });
});

describe('GET / preloads the hero’s first picture', () => {
  it('follows the owner’s pick, a banner and a deletion, and every change is announced to other processes', async () => {
    const [a, b] = await insertProducts(t.db, [{}, {}]);
    await t.db.execute(`NOTIFY ${CATALOG_CHANGED_CHANNEL}`);
    await expect.poll(preloaded).toEqual([b!.images[0]]);

    // Other processes hear the change on the catalogue's channel, as they do a product's.
    const heard: string[] = [];
    const unlisten = await t.database.handle.listen(CATALOG_CHANGED_CHANNEL, (p) => heard.push(p));
    try {
      await put({ kind: 'products', productIds: [a!.id] });
      // This process drops its page at once: no waiting for the notification.
      expect(await preloaded()).toEqual([a!.images[0]]);
      await expect.poll(() => heard.length).toBeGreaterThan(0);
    } finally {
      await unlisten();
    }

    const res = await upload({ alt: 'Banner' }, [banner(await png())]);
    const bannerSrc: string = res.json().hero.banner.src;
    expect(await preloaded()).toEqual([bannerSrc]);
    expect(bannerSrc).toMatch(/-w800\.webp$/);
    // In the width the banner's <img> takes (docs/decisions/148): the same srcset and sizes.
    const tag = /<link rel="preload" as="image"[^>]*>/.exec((await t.app.inject('/')).body)![0];
    expect(tag).toContain(`imagesrcset="${pictureSrcset(bannerSrc)}"`);
    expect(tag).toContain(`imagesizes="${PICTURE_SIZES.heroBanner}"`);

    await put({ kind: 'products', productIds: [a!.id] });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/products/${a!.id}`,
      headers: { token },
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(await preloaded()).toEqual([b!.images[0]]);
  });
});
