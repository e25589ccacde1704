import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { ADMIN_UPLOADS } from '@vastra/shared/schemas/admin';
import { ADMIN_VIDEO_MESSAGES as M } from '@vastra/shared/schemas/admin';
import { AppError } from '../../lib/app-error';
import type { FileStore } from '../../providers/storage/file-store';

/**
 * Uploaded clips: store key `videos/<sha256>.<ext>`, served immutable with byte ranges. A clip is
 * staged on the local disk first (`<uploadsDir>/videos/.upload-*.tmp`, never served: a dotfile),
 * checked, then put in the store.
 */
const VIDEO_UPLOADS_DIR = 'videos';
const VIDEO_KEY = /^videos\/[0-9a-f]{24}\.(mp4|webm)$/;

type VideoFormat = (typeof ADMIN_UPLOADS.videoFormats)[number];

/**
 * The container from its first bytes; the name and declared type are ignored. MP4 (ISO BMFF):
 * a box whose type at bytes 4–7 is `ftyp`. WebM: the EBML magic 1A 45 DF A3 and the DocType
 * `webm` in the header (a Matroska file says `matroska` there).
 */
export function sniffVideo(head: Buffer): VideoFormat | undefined {
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') return 'mp4';
  if (
    head.length >= 4 &&
    head.readUInt32BE(0) === 0x1a45dfa3 &&
    head.subarray(0, 64).includes(Buffer.from('webm', 'latin1'))
  )
    return 'webm';
  return undefined;
}

export interface StagedVideo {
  tmp: string;
  hash: string;
  format: VideoFormat;
  bytes: number;
}

const HEAD_BYTES = 64;

/**
 * Streams an uploaded clip to a temporary file beside its final place, hashing it and keeping its
 * first bytes for the format check. Throws (and removes the temporary file) when it is too large
 * or not MP4/WebM.
 */
export async function stageVideo(uploadsDir: string, part: MultipartFile): Promise<StagedVideo> {
  const dir = path.join(uploadsDir, VIDEO_UPLOADS_DIR);
  await mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `.upload-${randomUUID()}.tmp`);
  const hash = createHash('sha256');
  let head = Buffer.alloc(0);
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk]).subarray(0, HEAD_BYTES);
      done(null, chunk);
    },
  });
  const out = createWriteStream(tmp);
  try {
    await pipeline(part.file, tap, out);
    if (part.file.truncated)
      throw new AppError('invalid_data', M.tooLarge(ADMIN_UPLOADS.videoBytesMax / (1024 * 1024)));
    const format = sniffVideo(head);
    if (!format) throw new AppError('invalid_data', M.format);
    return { tmp, hash: hash.digest('hex').slice(0, 24), format, bytes };
  } catch (error) {
    // A body cut short fails the pipeline while the file may still be opening: the file would
    // appear after `rm`. Its stream closes only once the open has finished.
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    await rm(tmp, { force: true });
    throw error;
  }
}

/**
 * Puts a staged clip in the store under its content-addressed name and removes the staged file.
 * `created` is false when the store already had the same clip.
 */
export async function keepVideo(
  store: FileStore,
  staged: StagedVideo,
): Promise<{ url: string; key: string; created: boolean }> {
  const key = `${VIDEO_UPLOADS_DIR}/${staged.hash}.${staged.format}`;
  try {
    const created = await store.put(
      key,
      { file: staged.tmp, bytes: staged.bytes },
      `video/${staged.format}`,
    );
    return { url: store.publicUrl(key), key, created };
  } finally {
    await rm(staged.tmp, { force: true });
  }
}

export async function discardStaged(staged: readonly StagedVideo[]): Promise<void> {
  await Promise.all(staged.map((s) => rm(s.tmp, { force: true })));
}

/** The store key behind a URL this server gave an uploaded clip, or undefined for any other URL. */
export function uploadedVideoKey(store: FileStore, url: string): string | undefined {
  const key = store.keyOf(url);
  return key !== undefined && VIDEO_KEY.test(key) ? key : undefined;
}
