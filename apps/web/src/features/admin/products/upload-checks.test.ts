import { describe, expect, it } from 'vitest';
import { ADMIN_PRODUCT_MESSAGES } from '@vastra/shared/schemas/admin';
import { checkImages, imageProblem } from './upload-checks';

const MB = 1024 * 1024;
const png = (name = 'a.png', size = 10_000) => ({ name, size, type: 'image/png' });

describe('product picture checks before upload', () => {
  it.each([
    ['photo.jpg', 'image/jpeg'],
    ['photo.JPEG', 'image/jpeg'],
    ['photo.png', 'image/png'],
    ['photo.webp', 'image/webp'],
    // No type from the system: the extension decides.
    ['photo.webp', ''],
  ])('accepts %s (%s)', (name, type) => {
    expect(imageProblem({ name, size: 1000, type })).toBeNull();
  });

  it.each([
    ['photo.gif', 'image/gif'],
    ['notes.txt', 'text/plain'],
    ['photo.heic', 'image/heic'],
    ['photo.svg', 'image/svg+xml'],
    ['photo.bmp', ''],
  ])('refuses %s (%s) with the server’s message', (name, type) => {
    expect(imageProblem({ name, size: 1000, type })).toBe(ADMIN_PRODUCT_MESSAGES.imageFormat);
  });

  it('allows exactly 5 MB and refuses a byte more, with the server’s message', () => {
    expect(imageProblem(png('big.png', 5 * MB))).toBeNull();
    expect(imageProblem(png('big.png', 5 * MB + 1))).toBe('Each image must be at most 5 MB');
    expect(ADMIN_PRODUCT_MESSAGES.imageTooLarge(5)).toBe('Each image must be at most 5 MB');
  });

  it('allows up to 4 pictures in all, counting the ones the product has', () => {
    expect(checkImages([png(), png(), png(), png()])).toBeNull();
    expect(checkImages([png(), png(), png(), png(), png()])).toBe(
      ADMIN_PRODUCT_MESSAGES.tooManyImages,
    );
    expect(checkImages([png()], 3)).toBeNull();
    expect(checkImages([png(), png()], 3)).toBe('A product can have at most 4 images');
  });

  it('names the file that is refused', () => {
    expect(checkImages([png(), { name: 'cv.pdf', size: 10, type: 'application/pdf' }])).toBe(
      `cv.pdf: ${ADMIN_PRODUCT_MESSAGES.imageFormat}`,
    );
  });

  it('has nothing to say about no files', () => {
    expect(checkImages([])).toBeNull();
  });
});
