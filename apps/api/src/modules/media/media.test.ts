import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_VIDEOS, MEDIA_VIDEOS_PATH } from '@vastra/shared/constants';
import { videoListResponseSchema } from '@vastra/shared/schemas/video';
import { videos } from '../../db/schema/videos';
import { useTestApp } from '../../test/use-test-app';
import { seedVideos } from '../../db/seed/seed-videos';
import { DEMO_VIDEOS_DIR } from './media.service';
import { silentLogger } from '../../test/fixtures';

// Only the videos table matters here, and reset() does not empty it.
const t = useTestApp({ reset: false });

beforeEach(async () => {
  // The shared reset() knows the catalogue's tables; this file owns the videos table.
  await t.db.delete(videos);
});

describe('GET /api/videos/', () => {
  it('answers { success, videos } with _id, videoUrl and title, in the owner order', async () => {
    const [second, first] = await t.db
      .insert(videos)
      .values([
        { videoUrl: '/media/videos/b.webm', title: 'B', position: 2 },
        { videoUrl: 'https://cdn.example.com/a.mp4', title: 'A', position: 1 },
      ])
      .returning();

    for (const url of ['/api/videos/', '/api/videos']) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(videoListResponseSchema.parse(body)).toEqual(body);
      expect(body).toEqual({
        success: true,
        videos: [
          { _id: first!.id, videoUrl: 'https://cdn.example.com/a.mp4', title: 'A' },
          { _id: second!.id, videoUrl: '/media/videos/b.webm', title: 'B' },
        ],
      });
    }
  });

  it('answers an empty table with an empty list', async () => {
    const res = await t.app.inject('/api/videos/');
    expect(res.json()).toEqual({ success: true, videos: [] });
  });
});

describe('seedVideos', () => {
  it('fills an empty table with the four demo clips once, and leaves an owned table alone', async () => {
    const first = await seedVideos(t.db, silentLogger);
    expect(first).toEqual({ inserted: 4, skipped: false });
    const again = await seedVideos(t.db, silentLogger);
    expect(again).toEqual({ inserted: 0, skipped: true });

    const body = (await t.app.inject('/api/videos/')).json();
    expect(body.videos.map((v: { videoUrl: string }) => v.videoUrl)).toEqual(
      DEMO_VIDEOS.map((clip) => `${MEDIA_VIDEOS_PATH}${clip.file}`),
    );
    expect(body.videos.every((v: { title: string }) => v.title.length > 0)).toBe(true);

    // An owner who deleted three and kept one is not re-seeded on the next start.
    await t.db.delete(videos);
    await t.db.insert(videos).values({ videoUrl: '/media/videos/mine.webm' });
    expect(await seedVideos(t.db, silentLogger)).toEqual({ inserted: 0, skipped: true });
  });
});

describe('the demo clips', () => {
  it('ship with the project: small VP9 WebM files', () => {
    for (const clip of DEMO_VIDEOS) {
      const file = path.join(DEMO_VIDEOS_DIR, clip.file);
      const bytes = fs.readFileSync(file);
      expect(bytes.length, clip.file).toBeGreaterThan(10_000);
      expect(bytes.length, clip.file).toBeLessThan(400_000);
      // EBML magic number, then the "webm" doc type near the start.
      expect(bytes.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
      expect(bytes.subarray(0, 64).includes(Buffer.from('webm'))).toBe(true);
    }
  });

  it('are served as video/webm with a long cache, and byte ranges work', async () => {
    const clip = DEMO_VIDEOS[0];
    const url = `${MEDIA_VIDEOS_PATH}${clip.file}`;
    const size = fs.statSync(path.join(DEMO_VIDEOS_DIR, clip.file)).size;

    const whole = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.headers['cache-control']).toBe('public, max-age=2592000');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.rawPayload.length).toBe(size);

    const part = await t.app.inject({ url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
    expect(part.rawPayload).toEqual(
      fs.readFileSync(path.join(DEMO_VIDEOS_DIR, clip.file)).subarray(100, 200),
    );

    const tail = await t.app.inject({ url, headers: { range: `bytes=${size - 10}-` } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.length).toBe(10);
  });

  it('answers a missing clip with a JSON 404, not the storefront page', async () => {
    const res = await t.app.inject(`${MEDIA_VIDEOS_PATH}no-such-clip.webm`);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ success: false });
  });

  it('never serves files outside the clips folder', async () => {
    for (const url of [
      `${MEDIA_VIDEOS_PATH}../../package.json`,
      `${MEDIA_VIDEOS_PATH}%2e%2e/%2e%2e/package.json`,
    ]) {
      // Whatever answers (a 404, or the storefront's page for a normalised path), never the file.
      const res = await t.app.inject(url);
      expect(res.headers['content-type']).not.toBe('video/webm');
      expect(res.body).not.toContain('"@vastra/api"');
    }
  });
});
