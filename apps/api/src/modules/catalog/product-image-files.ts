import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { ADMIN_UPLOADS } from '@vastra/shared/schemas/admin';
import { pictureName } from '@vastra/shared/pictures/picture-widths';
import { ADMIN_PRODUCT_MESSAGES } from '@vastra/shared/schemas/admin';
import { AppError } from '../../lib/app-error';
import type { FileStore } from '../../providers/storage/file-store';

/** Where product pictures live in the store: the seed's scheme (db/seed/product-images.ts). */
const PRODUCT_IMAGES_DIR = 'products';

/** A phone photo is ~12–50 Mpx; far beyond that is a decompression bomb, not a picture. */
const MAX_INPUT_PIXELS = 100_000_000;
const WEBP_OPTIONS = { quality: 80, effort: 4 } as const;

export interface PreparedImage {
  /** The URL stored in the product's `images`: the widest copy's public address. */
  url: string;
  /** Store keys (`products/<name>`) and their bytes. */
  variants: { key: string; bytes: Buffer }[];
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
export async function prepareProductImage(
  bytes: Buffer,
  store: Pick<FileStore, 'publicUrl'>,
): Promise<PreparedImage> {
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
      variants.push({
        key: pictureName(`${PRODUCT_IMAGES_DIR}/upload-${hash}`, width),
        bytes: webp,
      });
    }
  } catch (error) {
    // A valid header over a broken body: still not a picture we can show.
    throw refuseFormat(error);
  }
  return { url: store.publicUrl(variants[0]!.key), variants };
}

/**
 * Puts the copies in the store (which never leaves half a picture under a name) and returns the
 * keys this call created, so the caller can remove exactly those if the database then refuses the
 * change. If the store fails part-way (503), what this call had already added is removed.
 */
export async function writePreparedImages(
  store: FileStore,
  images: readonly PreparedImage[],
): Promise<string[]> {
  const created: string[] = [];
  try {
    for (const image of images) {
      for (const variant of image.variants) {
        // An identical picture already stored is left as it is and not listed for the cleanup.
        if (await store.put(variant.key, variant.bytes, 'image/webp')) created.push(variant.key);
      }
    }
  } catch (error) {
    await removeFiles(store, created);
    throw error;
  }
  return created;
}

/** Best effort: a store that is away keeps them (logged by the caller's error), never a row. */
export async function removeFiles(store: FileStore, keys: readonly string[]): Promise<void> {
  await Promise.allSettled(keys.map((key) => store.delete(key)));
}
