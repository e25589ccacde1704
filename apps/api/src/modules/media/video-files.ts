import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { ADMIN_UPLOADS } from '@vastra/shared/schemas/admin';
import { ADMIN_VIDEO_MESSAGES as M } from '@vastra/shared/schemas/admin';
import { AppError } from '../../lib/app-error';

/** Uploaded clips: `<uploadsDir>/videos/<sha256>.<ext>`, served (immutable, with ranges) at this path. */
const VIDEO_UPLOADS_DIR = 'videos';
export const VIDEO_UPLOADS_URL = '/uploads/videos/';

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
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk]).subarray(0, HEAD_BYTES);
      done(null, chunk);
    },
  });
  try {
    await pipeline(part.file, tap, createWriteStream(tmp));
    if (part.file.truncated)
      throw new AppError('invalid_data', M.tooLarge(ADMIN_UPLOADS.videoBytesMax / (1024 * 1024)));
    const format = sniffVideo(head);
    if (!format) throw new AppError('invalid_data', M.format);
    return { tmp, hash: hash.digest('hex').slice(0, 24), format };
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
}

/** Moves a staged clip to its content-addressed name; returns its URL and the file, if new. */
export async function keepVideo(
  uploadsDir: string,
  staged: StagedVideo,
): Promise<{ url: string; file: string }> {
  const name = `${staged.hash}.${staged.format}`;
  const file = path.join(uploadsDir, VIDEO_UPLOADS_DIR, name);
  await rename(staged.tmp, file);
  return { url: `${VIDEO_UPLOADS_URL}${name}`, file };
}

export async function discardStaged(staged: readonly StagedVideo[]): Promise<void> {
  await Promise.all(staged.map((s) => rm(s.tmp, { force: true })));
}

/** The file behind a URL this server stores uploads under, or undefined for any other URL. */
export function uploadedVideoFile(uploadsDir: string, url: string): string | undefined {
  if (!url.startsWith(VIDEO_UPLOADS_URL)) return undefined;
  const name = url.slice(VIDEO_UPLOADS_URL.length);
  if (!/^[0-9a-f]{24}\.(mp4|webm)$/.test(name)) return undefined;
  return path.join(uploadsDir, VIDEO_UPLOADS_DIR, name);
}
