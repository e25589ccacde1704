import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminVideoListResponseSchema } from '@vastra/shared/schemas/admin';
import { videos } from '../../db/schema/videos';
import { useTestApp } from '../../test/use-test-app';
import { DEMO_VIDEOS_DIR } from '../media/media.service';
import { sniffVideo } from '../media/video-files';
import { filesUnder, loggedInAdmin, multipart } from '../../test/fixtures';

const t = useTestApp({ app: 'test' });
let token: string;

beforeEach(async () => {
  await t.db.delete(videos);
  token = (await loggedInAdmin(t.app, t.db)).token;
});

const WEBM = fs.readFileSync(path.join(DEMO_VIDEOS_DIR, 'new-season.webm'));
/** The start of an ISO BMFF file: a 24-byte `ftyp` box (brand isom), then an empty `mdat`. */
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 24]),
  Buffer.from('ftypisom', 'latin1'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2', 'latin1'),
  Buffer.from([0, 0, 0, 8]),
  Buffer.from('mdat', 'latin1'),
]);

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { token }, ...(payload ? { payload } : {}) });

function upload(bytes: Buffer, filename: string, contentType: string, title?: string) {
  const form = multipart(title === undefined ? {} : { title }, [
    { field: 'video', filename, contentType, bytes },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/videos/upload',
    payload: form.payload,
    headers: { ...form.headers, token },
  });
}

const stored = () => filesUnder(path.join(t.config.uploadsDir, 'videos'));
const rows = () => t.db.select().from(videos);

describe('sniffVideo', () => {
  it('knows MP4 and WebM from their first bytes, and nothing else', () => {
    expect(sniffVideo(WEBM.subarray(0, 64))).toBe('webm');
    expect(sniffVideo(MP4)).toBe('mp4');
    const matroska = Buffer.from(WEBM.subarray(0, 64));
    matroska.write('matr', matroska.indexOf('webm'), 'latin1');
    expect(sniffVideo(matroska)).toBeUndefined();
    expect(sniffVideo(Buffer.from('hello, this is text'))).toBeUndefined();
    expect(sniffVideo(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('videos by URL', () => {
  it('adds http and https addresses last in the carousel, and refuses any other scheme', async () => {
    const first = await call('POST', '/api/admin/videos', {
      videoUrl: 'https://cdn.example.com/sale.mp4',
      title: 'Sale',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      message: 'Video added',
      video: {
        videoUrl: 'https://cdn.example.com/sale.mp4',
        title: 'Sale',
        position: 0,
        local: false,
      },
    });
    const second = await call('POST', '/api/admin/videos', {
      videoUrl: 'http://example.com/b.webm',
    });
    expect(second.json().video).toMatchObject({ position: 1, title: '' });
    const carousel = (await t.app.inject('/api/videos')).json().videos;
    expect(carousel.map((v: { videoUrl: string }) => v.videoUrl)).toEqual([
      'https://cdn.example.com/sale.mp4',
      'http://example.com/b.webm',
    ]);

    for (const videoUrl of [
      'javascript:alert(1)',
      'ftp://example.com/a.mp4',
      '/media/videos/x.webm',
      'https://',
      '',
    ]) {
      const res = await call('POST', '/api/admin/videos', { videoUrl });
      expect(res.statusCode, videoUrl).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message: 'videoUrl must be an http:// or https:// address',
      });
    }
    expect(await rows()).toHaveLength(2);
  });
});

describe('POST /api/admin/videos/upload', () => {
  it('stores a WebM under its content hash, served with byte ranges, and shows it in the carousel', async () => {
    const res = await upload(WEBM, 'clip.bin', 'application/octet-stream', 'New season');
    expect(res.statusCode, res.body).toBe(200);
    const { video } = res.json();
    expect(video).toMatchObject({ title: 'New season', local: true, position: 0 });
    expect(video.videoUrl).toMatch(/^\/uploads\/videos\/[0-9a-f]{24}\.webm$/);
    expect(stored()).toEqual([path.basename(video.videoUrl)]);

    const served = await t.app.inject(video.videoUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/webm');
    expect(served.rawPayload.equals(WEBM)).toBe(true);
    const range = await t.app.inject({ url: video.videoUrl, headers: { range: 'bytes=0-99' } });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload).toHaveLength(100);

    const mp4 = await upload(MP4, 'movie.mp4', 'video/mp4');
    expect(mp4.json().video.videoUrl).toMatch(/\.mp4$/);
    const carousel = (await t.app.inject('/api/videos')).json().videos;
    expect(carousel.map((v: { _id: string }) => v._id)).toEqual([video._id, mp4.json().video._id]);
  });

  it.each([
    [
      'a text file named .mp4',
      Buffer.from('I am not a video, honest.'),
      'fake.mp4',
      'video/mp4',
      'Videos must be MP4 or WebM files',
    ],
    [
      'a PNG',
      Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
      'x.webm',
      'video/webm',
      'Videos must be MP4 or WebM files',
    ],
    [
      'a file over 50 MB',
      Buffer.concat([MP4, Buffer.alloc(50 * 1024 * 1024)]),
      'big.mp4',
      'video/mp4',
      'A video must be at most 50 MB',
    ],
  ])('refuses %s with a 400 and stores nothing', async (_name, bytes, filename, type, message) => {
    const res = await upload(bytes, filename, type);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message });
    expect(stored()).toEqual([]);
    expect(await rows()).toEqual([]);
  });

  it('refuses a form without a file, or with two', async () => {
    const none = multipart({ title: 'Nothing' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/videos/upload',
      payload: none.payload,
      headers: { ...none.headers, token },
    });
    expect(res.json()).toEqual({ success: false, message: 'Please choose a video file' });
    const two = multipart({}, [
      { field: 'video', filename: 'a.webm', contentType: 'video/webm', bytes: WEBM },
      { field: 'video', filename: 'b.mp4', contentType: 'video/mp4', bytes: MP4 },
    ]);
    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/admin/videos/upload',
      payload: two.payload,
      headers: { ...two.headers, token },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ success: false, message: 'Please upload one video at a time' });
    expect(stored()).toEqual([]);
    expect(await rows()).toEqual([]);
  });
});

describe('reorder, rename, remove', () => {
  it('puts the clips in the given order, refusing a list that is not every clip once', async () => {
    const ids: string[] = [];
    for (const name of ['a', 'b', 'c']) {
      const res = await call('POST', '/api/admin/videos', {
        videoUrl: `https://cdn.example.com/${name}.mp4`,
      });
      ids.push(res.json().video._id);
    }
    const reordered = await call('PUT', '/api/admin/videos/order', {
      ids: [ids[2], ids[0], ids[1]],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    const body = reordered.json();
    expect(adminVideoListResponseSchema.parse(body)).toEqual(body);
    expect(body.videos.map((v: { _id: string }) => v._id)).toEqual([ids[2], ids[0], ids[1]]);
    expect(
      (await t.app.inject('/api/videos')).json().videos.map((v: { _id: string }) => v._id),
    ).toEqual([ids[2], ids[0], ids[1]]);

    for (const bad of [
      [ids[0], ids[1]],
      [ids[0], ids[0], ids[1], ids[2]],
      [ids[0], ids[1], '8d3c7a52-4c1e-4f7e-9a55-0c4c5b7d2e11'],
    ]) {
      const res = await call('PUT', '/api/admin/videos/order', { ids: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message: 'ids must list every video exactly once',
      });
    }
    const listed = (await call('GET', '/api/admin/videos')).json().videos;
    expect(listed.map((v: { _id: string; position: number }) => [v._id, v.position])).toEqual([
      [ids[2], 0],
      [ids[0], 1],
      [ids[1], 2],
    ]);
  });

  it('renames a clip, and removes it with its uploaded file', async () => {
    const { video } = (await upload(WEBM, 'a.webm', 'video/webm', 'Old')).json();
    const renamed = await call('PATCH', `/api/admin/videos/${video._id}`, { title: 'New title' });
    expect(renamed.json()).toMatchObject({ success: true, video: { title: 'New title' } });
    const tooLong = await call('PATCH', `/api/admin/videos/${video._id}`, {
      title: 'x'.repeat(201),
    });
    expect(tooLong.json()).toEqual({
      success: false,
      message: 'Title must be at most 200 characters',
    });

    const removed = await call('DELETE', `/api/admin/videos/${video._id}`);
    expect(removed.json()).toEqual({ success: true, message: 'Video removed' });
    expect(await rows()).toEqual([]);
    expect(stored()).toEqual([]);
    expect((await t.app.inject(video.videoUrl)).statusCode).toBe(404);
    const again = await call('DELETE', `/api/admin/videos/${video._id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ success: false, message: 'Video not found' });
  });
});
