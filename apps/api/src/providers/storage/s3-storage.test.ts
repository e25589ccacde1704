import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/products';
import { videos } from '../../db/schema/videos';
import { loadConfig, type S3StorageConfig } from '../../config';
import { filesUnder, loggedInAdmin, multipart, type FilePart } from '../../test/fixtures';
import { startTestS3, type TestS3 } from '../../test/test-s3';
import { useTestApp } from '../../test/use-test-app';
import { STORE_UNAVAILABLE_MESSAGE, StoreConfigError } from './file-store';
import { createS3FileStore } from './s3-file-store';

/** The S3 path of the uploads store against a local S3-compatible server (decision 115). */
let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.stop();
});

const t = useTestApp({ app: 'test', env: () => s3.env });
let token: string;
beforeEach(async () => {
  token = (await loggedInAdmin(t.app, t.db)).token;
  await s3.start(); // after the test that stops it
});

const FIELDS = {
  name: 'Indigo Linen Shirt',
  description: 'Breathable linen, relaxed fit.',
  price: '1799',
  category: 'SHIRTS',
  subCategory: 'SNITCH',
  sizes: ['S', 'M'],
};

async function picture(colour: string): Promise<FilePart> {
  const bytes = await sharp({
    create: { width: 900, height: 900, channels: 3, background: colour },
  })
    .png()
    .toBuffer();
  return { field: 'images', filename: 'p.png', contentType: 'image/png', bytes };
}

function post(url: string, form: { payload: Buffer; headers: Record<string, string> }) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { ...form.headers, token },
  });
}

const productCount = async () => (await t.db.select({ n: count() }).from(products))[0]?.n;

/** A tiny MP4: an `ftyp` box and some bytes, which is all the upload check reads. */
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 24]),
  Buffer.from('ftypisom', 'latin1'),
  Buffer.alloc(12),
  Buffer.alloc(4000, 7),
]);

describe('uploads in an S3-compatible store', () => {
  it('puts both WebP widths in the bucket, none on the local disk, and serves them through /uploads/', async () => {
    const res = await post('/api/admin/products', multipart(FIELDS, [await picture('#3355aa')]));
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().product.image[0];
    expect(url).toMatch(/^\/uploads\/products\/upload-[0-9a-f]{20}-w800\.webp$/);
    const key = url.slice('/uploads/'.length);
    expect(s3.objects()).toEqual([key.replace('-w800', '-w400'), key].sort());
    expect(filesUnder(t.config.uploadsDir)).toEqual([]);

    const served = await t.app.inject(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(800);
    expect((await t.app.inject('/uploads/products/upload-0000-w800.webp')).statusCode).toBe(404);
  });

  it('stores an uploaded clip, serves byte ranges of it, and removes it with its last row', async () => {
    const res = await post(
      '/api/admin/videos/upload',
      multipart({ title: 'Monsoon edit' }, [
        { field: 'video', filename: 'clip.mp4', contentType: 'video/mp4', bytes: MP4 },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { video } = res.json();
    expect(video).toMatchObject({ local: true });
    expect(video.videoUrl).toMatch(/^\/uploads\/videos\/[0-9a-f]{24}\.mp4$/);
    expect(s3.objects()).toContain(video.videoUrl.slice('/uploads/'.length));

    const part = await t.app.inject({ url: video.videoUrl, headers: { range: 'bytes=4-11' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-11/${MP4.length}`);
    expect(part.body).toBe('ftypisom');

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/videos/${video._id}`,
      headers: { token },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(s3.objects().filter((k) => k.startsWith('videos/'))).toEqual([]);
  });

  it('answers 503 with a plain message and keeps nothing when the store is down during an upload', async () => {
    const before = s3.objects();
    await s3.stop();
    const res = await post('/api/admin/products', multipart(FIELDS, [await picture('#aa5533')]));
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ success: false, message: STORE_UNAVAILABLE_MESSAGE });
    const clip = await post(
      '/api/admin/videos/upload',
      multipart({ title: 'Away' }, [
        { field: 'video', filename: 'clip.mp4', contentType: 'video/mp4', bytes: MP4 },
      ]),
    );
    expect(clip.statusCode).toBe(503);
    expect(await productCount()).toBe(0);
    expect(
      await t.db
        .select()
        .from(videos)
        .then((rows) => rows.filter((r) => r.title === 'Away')),
    ).toEqual([]);
    // Nothing staged is left on the local disk, and the store holds what it held.
    expect(filesUnder(t.config.uploadsDir)).toEqual([]);
    await s3.start();
    expect(s3.objects()).toEqual(before);
  });

  it('with a public base URL, stores CDN addresses and lets the CSP load images and media from it', async () => {
    const app = await t.start({ UPLOADS_PUBLIC_URL: 'https://cdn.example.com/vastra/' });
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      ...(() => {
        const form = multipart(FIELDS, [
          { ...{ field: 'images', filename: 'p.png', contentType: 'image/png' }, bytes: MP4 },
        ]);
        return { payload: form.payload, headers: { ...form.headers, token } };
      })(),
    });
    // Not a picture: refused before the store is touched.
    expect(res.statusCode).toBe(400);
    const form = multipart(FIELDS, [await picture('#33aa55')]);
    const ok = await app.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      payload: form.payload,
      headers: { ...form.headers, token },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().product.image[0]).toMatch(
      /^https:\/\/cdn\.example\.com\/vastra\/products\/upload-[0-9a-f]{20}-w800\.webp$/,
    );
    const csp = String(
      (await app.app.inject('/api/product/list')).headers['content-security-policy'],
    );
    expect(csp).toContain("img-src 'self' data: blob: https://cdn.example.com");
    expect(csp).toContain("media-src 'self' blob: https://cdn.example.com");
    expect(csp).toContain("script-src 'self';");
  });
});

describe('the start-up check names the setting to fix', () => {
  const storeWith = (env: Record<string, string>) => {
    const config = loadConfig({ ...s3.env, ...env });
    return createS3FileStore(config.storage as S3StorageConfig);
  };
  const failure = (env: Record<string, string>) =>
    storeWith(env)
      .check()
      .then(
        () => 'passed',
        (error: unknown) => {
          expect(error).toBeInstanceOf(StoreConfigError);
          return (error as Error).message;
        },
      );

  it('passes with good settings and leaves nothing in the bucket', async () => {
    const before = s3.objects();
    await storeWith({}).check();
    expect(s3.objects()).toEqual(before);
  });

  it.each([
    [{ S3_ACCESS_KEY_ID: 'NOT-A-KEY' }, /S3_ACCESS_KEY_ID: .* does not know this access key/],
    [
      { S3_SECRET_ACCESS_KEY: 'wrong-secret' },
      /S3_SECRET_ACCESS_KEY: does not match S3_ACCESS_KEY_ID/,
    ],
    [{ S3_BUCKET: 'no-such-bucket' }, /S3_BUCKET: there is no bucket named "no-such-bucket"/],
    [{ S3_ENDPOINT: 'http://127.0.0.1:1' }, /S3_ENDPOINT: cannot reach http:\/\/127\.0\.0\.1:1/],
  ])('%o', async (env, expected) => {
    const message = await failure(env);
    expect(message).toMatch(expected);
    expect(message).not.toContain('wrong-secret');
  });
});
