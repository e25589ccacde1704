import { describe, expect, it } from 'vitest';
import { ADMIN_PRODUCT_MESSAGES } from '@vastra/shared/schemas/admin';
import {
  checkImages,
  pickedImageProblem,
  pictureFormat,
  sortPicked,
  IMAGE_REFUSALS,
} from './upload-checks';

const MB = 1024 * 1024;
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1];
const WEBP_HEAD = [...'RIFF']
  .map((c) => c.charCodeAt(0))
  .concat([0x24, 0, 0, 0], [...[...'WEBP'].map((c) => c.charCodeAt(0))]);
const bytes = (list: number[]) => new Uint8Array(list);
const file = (name: string, content: BlobPart[], type = 'image/png') =>
  new File(content, name, { type });

describe('product pictures checked from their bytes when picked', () => {
  it('knows JPEG, PNG and WebP by their first bytes, whatever the name says', () => {
    expect(pictureFormat(bytes(JPEG_HEAD))).toBe('jpeg');
    expect(pictureFormat(bytes(PNG_HEAD))).toBe('png');
    expect(pictureFormat(bytes(WEBP_HEAD))).toBe('webp');
    expect(pictureFormat(new TextEncoder().encode('GIF89a......'))).toBeNull();
    expect(pictureFormat(new TextEncoder().encode('hello, world'))).toBeNull();
    expect(pictureFormat(new TextEncoder().encode('RIFF....WAVE'))).toBeNull();
    expect(pictureFormat(bytes([0x89, 0x50]))).toBeNull();
    expect(pictureFormat(bytes([]))).toBeNull();
  });

  it('refuses a text file named shirt.png (the system calls it image/png), naming it', async () => {
    const text = file('shirt.png', ['not a picture at all, just words']);
    expect(text.type).toBe('image/png');
    expect(await pickedImageProblem(text)).toBe(
      'shirt.png is not a picture we can use: it is not a JPEG, PNG or WebP picture',
    );
  });

  it('takes a PNG, JPEG or WebP whatever its name or type, up to 5 MB', async () => {
    expect(await pickedImageProblem(file('a.png', [bytes(PNG_HEAD)]))).toBeNull();
    expect(await pickedImageProblem(file('photo', [bytes(JPEG_HEAD)], ''))).toBeNull();
    expect(await pickedImageProblem(file('b.webp', [bytes(WEBP_HEAD)], 'image/webp'))).toBeNull();
    const big = new Uint8Array(5 * MB);
    big.set(PNG_HEAD);
    expect(await pickedImageProblem(file('big.png', [big]))).toBeNull();
  });

  it('refuses a picture over 5 MB, naming it', async () => {
    const big = new Uint8Array(5 * MB + 1);
    big.set(PNG_HEAD);
    expect(await pickedImageProblem(file('big.png', [big]))).toBe(
      `big.png is not a picture we can use: ${IMAGE_REFUSALS.tooLarge}`,
    );
    expect(IMAGE_REFUSALS.tooLarge).toBe('it is larger than 5 MB');
  });

  it('keeps the good files of a pick and names each one refused', async () => {
    const good = file('good.png', [bytes(PNG_HEAD)]);
    const alsoGood = file('also.jpg', [bytes(JPEG_HEAD)], 'image/jpeg');
    const { kept, refusals } = await sortPicked([
      good,
      file('notes.png', ['words']),
      alsoGood,
      file('cv.pdf', ['%PDF-1.7'], 'application/pdf'),
    ]);
    expect(kept).toEqual([good, alsoGood]);
    expect(refusals).toEqual([
      'notes.png is not a picture we can use: it is not a JPEG, PNG or WebP picture',
      'cv.pdf is not a picture we can use: it is not a JPEG, PNG or WebP picture',
    ]);
  });

  it('allows up to 4 pictures in all, counting the ones the product has', () => {
    expect(checkImages([1, 2, 3, 4])).toBeNull();
    expect(checkImages([1, 2, 3, 4, 5])).toBe(ADMIN_PRODUCT_MESSAGES.tooManyImages);
    expect(checkImages([1], 3)).toBeNull();
    expect(checkImages([1, 2], 3)).toBe('A product can have at most 4 images');
    expect(checkImages([])).toBeNull();
  });
});
