import { LIMITS } from '@vastra/shared/constants';
import { ADMIN_UPLOADS } from '@vastra/shared/schemas/admin';
import { ADMIN_PRODUCT_MESSAGES as M } from '@vastra/shared/schemas/admin';

/**
 * The checks the browser makes before it uploads product pictures, with the server's own messages
 * (ADMIN_PRODUCT_MESSAGES), so the owner reads the same sentence whichever side refuses. The type
 * is judged from what the browser says about the file; the server checks the bytes themselves
 * and has the last word (a text file renamed .jpg passes here and is refused there).
 */
export const IMAGE_MAX_MB = ADMIN_UPLOADS.imageBytesMax / (1024 * 1024);
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp';

const TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
const EXTENSIONS = /\.(jpe?g|png|webp)$/i;

export interface PickedFile {
  name: string;
  size: number;
  type: string;
}

/** Why this one file cannot be uploaded, or null. */
export function imageProblem(file: PickedFile): string | null {
  // Some systems give no type for a file; the extension then decides.
  const typeOk = file.type === '' ? EXTENSIONS.test(file.name) : TYPES.has(file.type);
  if (!typeOk) return M.imageFormat;
  if (file.size > ADMIN_UPLOADS.imageBytesMax) return M.imageTooLarge(IMAGE_MAX_MB);
  return null;
}

/**
 * Checks a choice of new pictures next to the `existing` count a product already has. Answers the
 * first problem (one message to fix at a time, as the server answers) or null.
 */
export function checkImages(files: readonly PickedFile[], existing = 0): string | null {
  if (files.length + existing > LIMITS.productImagesMax) return M.tooManyImages;
  for (const file of files) {
    const problem = imageProblem(file);
    if (problem) return `${file.name}: ${problem}`;
  }
  return null;
}
