import type { Readable } from 'node:stream';
import { AppError } from '../../lib/app-error';

/**
 * Where uploaded pictures and clips live (decision 115): the local `DATA_DIR/uploads` folder by
 * default, an S3-compatible bucket when configured. Keys are relative names such as
 * `products/upload-<hash>-w800.webp`; every name is content-addressed, so an object is never
 * changed once written, only added or removed.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  /**
   * Stores the bytes under `key` unless an object of that name already exists (then it is the
   * same content). True when this call created it, so a caller that must undo its work removes
   * exactly what it added. Throws a 503 AppError when the store cannot be reached.
   */
  put(key: string, body: FileBody, contentType: string): Promise<boolean>;
  /** The object (or the asked byte range of it), or undefined when there is none. */
  get(key: string, range?: string): Promise<StoredFile | undefined>;
  delete(key: string): Promise<void>;
  /** The address browsers load it from: `<public base URL>/<key>`, else `/uploads/<key>`. */
  publicUrl(key: string): string;
  /** The key behind a URL this store gave out (either form), or undefined for any other URL. */
  keyOf(url: string): string | undefined;
  /**
   * Proves at start-up that the store takes writes: throws a StoreConfigError naming the setting
   * to fix (keys, bucket, endpoint, region).
   */
  check(): Promise<void>;
}

/** Bytes in memory, or a whole file on the local disk (a staged upload) of a known size. */
export type FileBody = Buffer | { file: string; bytes: number };

export interface StoredFile {
  body: Readable;
  contentType: string | undefined;
  /** Bytes in `body`. */
  length: number | undefined;
  /** `bytes a-b/total` when a range was asked for and served. */
  contentRange: string | undefined;
}

/** Served by the API at this path when no public base URL is set (plugins/static-files.ts). */
const UPLOADS_PATH = '/uploads/';

/** Content-addressed names only: letters, digits, dash, underscore, dot; one folder level. */
const KEY = /^[a-z]+\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,200}$/;

export function isStoreKey(key: string): boolean {
  return KEY.test(key) && !key.includes('..');
}

/** `publicUrl` and `keyOf` for both stores: one scheme of addresses. */
export function storeAddresses(publicBaseUrl: string | undefined) {
  const base = publicBaseUrl ? `${publicBaseUrl.replace(/\/+$/, '')}/` : UPLOADS_PATH;
  return {
    publicUrl: (key: string) => `${base}${key}`,
    keyOf(url: string): string | undefined {
      // Both forms: rows written before a public base URL was set keep `/uploads/…`.
      const prefix = [base, UPLOADS_PATH].find((p) => url.startsWith(p));
      const key = prefix === undefined ? undefined : url.slice(prefix.length);
      return key !== undefined && isStoreKey(key) ? key : undefined;
    },
  };
}

/** What a shop owner reads when the store is away during an upload; nothing was kept. */
export const STORE_UNAVAILABLE_MESSAGE =
  'The picture and video storage is not answering, so nothing was saved. Please try again in a minute.';

export function storeUnavailable(cause: unknown): AppError {
  return new AppError('unavailable', STORE_UNAVAILABLE_MESSAGE, { cause });
}

/** A start-up refusal: the message names the setting to fix (config.ts style, `KEY: why`). */
export class StoreConfigError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(`Picture storage is misconfigured: ${message}`, options);
    this.name = 'StoreConfigError';
  }
}
