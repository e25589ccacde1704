import { createHash, randomUUID } from 'node:crypto';
import { link, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { ADMIN_UPLOADS } from '@vastra/shared/schemas/admin';
import { ADMIN_PRODUCT_MESSAGES } from '@vastra/shared/schemas/admin';
import { AppError } from '../../lib/app-error';

/** Where product pictures live and how they are addressed: the seed's scheme (db/seed/product-images.ts). */
const PRODUCT_IMAGES_DIR = 'products';
const PRODUCT_IMAGES_URL = '/uploads/products/';

/** A phone photo is ~12–50 Mpx; far beyond that is a decompression bomb, not a picture. */
const MAX_INPUT_PIXELS = 100_000_000;
const WEBP_OPTIONS = { quality: 80, effort: 4 } as const;

export interface PreparedImage {
  /** The URL stored in the product's `images`: the widest copy. */
  url: string;
  variants: { file: string; bytes: Buffer }[];
}

function refuseFormat(cause?: unknown): AppError {
  return new AppError('invalid_data', ADMIN_PRODUCT_MESSAGES.imageFormat, { cause });
}

/**
 * Checks a picture from its bytes (sharp reads the header; the name and declared type are ignored)
 * and renders its WebP copies in memory. Nothing touches the disk here, so a refusal of any picture
 * in a form leaves nothing behind. The name is content-addressed: the same picture uploaded twice
 * is one set of files.
 */
export async function prepareProductImage(bytes: Buffer): Promise<PreparedImage> {
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch (error) {
    throw refuseFormat(error);
  }
  if (!(ADMIN_UPLOADS.imageFormats as readonly string[]).includes(format ?? ''))
    throw refuseFormat();
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 20);
  const variants: PreparedImage['variants'] = [];
  try {
    for (const width of ADMIN_UPLOADS.imageWidths) {
      const webp = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate() // EXIF orientation, before the metadata is dropped
        .resize({ width, withoutEnlargement: true })
        .webp(WEBP_OPTIONS)
        .toBuffer();
      variants.push({ file: `upload-${hash}-w${width}.webp`, bytes: webp });
    }
  } catch (error) {
    // A valid header over a broken body: still not a picture we can show.
    throw refuseFormat(error);
  }
  return { url: `${PRODUCT_IMAGES_URL}${variants[0]!.file}`, variants };
}

/**
 * Writes the copies (a whole temporary file first, so a crash never leaves half a picture under
 * its name) and returns the files this call
 * created, so the caller can remove exactly those if the database then refuses the change.
 */
export async function writePreparedImages(
  uploadsDir: string,
  images: readonly PreparedImage[],
): Promise<string[]> {
  const dir = path.join(uploadsDir, PRODUCT_IMAGES_DIR);
  await mkdir(dir, { recursive: true });
  const created: string[] = [];
  try {
    for (const image of images) {
      for (const variant of image.variants) {
        const target = path.join(dir, variant.file);
        const tmp = `${target}.${randomUUID()}.tmp`;
        await writeFile(tmp, variant.bytes);
        // link() refuses an existing name: an identical picture already stored is left as it is,
        // and only names this call created are listed for the cleanup.
        try {
          await link(tmp, target);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
          continue;
        } finally {
          await rm(tmp, { force: true });
        }
        created.push(target);
      }
    }
  } catch (error) {
    await removeFiles(created);
    throw error;
  }
  return created;
}

export async function removeFiles(files: readonly string[]): Promise<void> {
  await Promise.all(files.map((file) => rm(file, { force: true })));
}
