import { LIMITS } from '@vastra/shared/constants';
import { ADMIN_UPLOADS } from '@vastra/shared/schemas/admin';
import { ADMIN_PRODUCT_MESSAGES as M } from '@vastra/shared/schemas/admin';

/**
 * The checks the browser makes on product pictures as they are picked, before anything is
 * uploaded (docs/decisions/140-inline-form-errors.md). A file is judged by its bytes, as the
 * server judges it (sharp reads the header), not by its name or the type the system guesses from
 * the name: a text file renamed shirt.png is refused here, by name. The server checks again and
 * has the last word.
 */
export const IMAGE_MAX_MB = ADMIN_UPLOADS.imageBytesMax / (1024 * 1024);
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp';

/** Why a picked file is refused, after "<name> is not a picture we can use: ". */
export const IMAGE_REFUSALS = {
  notPicture: 'it is not a JPEG, PNG or WebP picture',
  broken: 'it could not be opened as a picture',
  tooLarge: `it is larger than ${IMAGE_MAX_MB} MB`,
} as const;

export const refusedImage = (name: string, reason: string) =>
  `${name} is not a picture we can use: ${reason}`;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));
const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  signature.every((byte, n) => bytes[n] === byte);

/** The picture type the first 12 bytes announce (ADMIN_UPLOADS.imageFormats), or null. */
export function pictureFormat(head: Uint8Array): 'jpeg' | 'png' | 'webp' | null {
  if (startsWith(head, JPEG)) return 'jpeg';
  if (startsWith(head, PNG)) return 'png';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** The first bytes of a file (FileReader: every browser has it, unlike Blob.arrayBuffer). */
function readHead(file: Blob, length: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(file.slice(0, length));
  });
}

/**
 * Whether the browser can draw the picture: a right header over a broken body would show as a
 * broken preview. Where createImageBitmap is missing the header check stands alone.
 */
async function decodes(file: Blob): Promise<boolean> {
  if (typeof createImageBitmap !== 'function') return true;
  try {
    (await createImageBitmap(file)).close();
    return true;
  } catch {
    return false;
  }
}

/** Why this picked file cannot be a product picture, naming it, or null. */
export async function pickedImageProblem(file: File): Promise<string | null> {
  if (file.size > ADMIN_UPLOADS.imageBytesMax)
    return refusedImage(file.name, IMAGE_REFUSALS.tooLarge);
  let head: Uint8Array;
  try {
    head = await readHead(file, 12);
  } catch {
    return refusedImage(file.name, IMAGE_REFUSALS.broken);
  }
  if (pictureFormat(head) === null) return refusedImage(file.name, IMAGE_REFUSALS.notPicture);
  if (!(await decodes(file))) return refusedImage(file.name, IMAGE_REFUSALS.broken);
  return null;
}

/** The picked files sorted into the ones kept and a sentence for each one refused. */
export async function sortPicked(files: readonly File[]) {
  const problems = await Promise.all(files.map(pickedImageProblem));
  return {
    kept: files.filter((_, n) => problems[n] === null),
    refusals: problems.filter((problem): problem is string => problem !== null),
  };
}

/**
 * The count of new pictures next to the `existing` count a product already has, with the
 * server's message (each file was checked when it was picked), or null.
 */
export function checkImages(files: readonly unknown[], existing = 0): string | null {
  return files.length + existing > LIMITS.productImagesMax ? M.tooManyImages : null;
}
