import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { S3ServiceException } from '@aws-sdk/client-s3';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../../config';
import {
  isStoreKey,
  storeAddresses,
  StoreConfigError,
  storeUnavailable,
  type FileBody,
  type FileStore,
} from './file-store';

/** Names are content-addressed: an object never changes, so caches may keep it for a year. */
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** The start-up write check's objects; removed at once. */
const PROBE_PREFIX = '.vastra-probe/';

function statusOf(error: unknown): number | undefined {
  return (error as S3ServiceException | undefined)?.$metadata?.httpStatusCode;
}

function isMissing(error: unknown): boolean {
  const name = (error as Error | undefined)?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404;
}

/**
 * A refusal the store answered with a 4xx (keys, bucket, permissions) is a fault of ours and stays
 * a 500; anything else — no answer, a timeout, a 5xx — means the store is away: 503, try again.
 */
function asUnavailable(error: unknown): unknown {
  const status = statusOf(error);
  if (status !== undefined && status < 500) return error;
  return storeUnavailable(error);
}

/** Turns the start-up check's failure into the setting to fix (docs/decisions/115). */
function explainCheckFailure(config: S3StorageConfig, error: unknown): StoreConfigError {
  const name = (error as Error | undefined)?.name ?? '';
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const where = config.endpoint ?? `AWS S3 (${config.region})`;
  const say = (message: string) => new StoreConfigError(message, { cause: error });
  switch (name) {
    case 'InvalidAccessKeyId':
      return say(`S3_ACCESS_KEY_ID: ${where} does not know this access key`);
    case 'SignatureDoesNotMatch':
      return say(`S3_SECRET_ACCESS_KEY: does not match S3_ACCESS_KEY_ID at ${where}`);
    case 'NoSuchBucket':
      return say(`S3_BUCKET: there is no bucket named "${config.bucket}" at ${where}`);
    case 'AccessDenied':
      return say(
        `S3_ACCESS_KEY_ID: this key may not write to the bucket "${config.bucket}" (it needs PutObject and DeleteObject)`,
      );
    case 'AuthorizationHeaderMalformed':
    case 'PermanentRedirect':
    case 'IllegalLocationConstraintException':
      return say(`S3_REGION: the bucket "${config.bucket}" is not in region ${config.region}`);
  }
  if (statusOf(error) === undefined)
    return say(`S3_ENDPOINT: cannot reach ${where} (${code ?? name}: ${(error as Error).message})`);
  return say(
    `S3_BUCKET: ${where} refused a test write to "${config.bucket}" (${name}, HTTP ${statusOf(error)})`,
  );
}

/**
 * AWS S3, Cloudflare R2, MinIO and other S3-compatible stores (docs/decisions/115). Objects are
 * written with PutObject only when HeadObject finds none of that name, so an upload's undo removes
 * only what it added.
 */
export function createS3FileStore(config: S3StorageConfig, publicBaseUrl?: string): FileStore {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && config.secretAccessKey
      ? {
          credentials: {
            accessKeyId: config.accessKeyId,
            secretAccessKey: config.secretAccessKey,
          },
        }
      : {}),
    // Checksums only where S3 requires them: several S3-compatible stores refuse the SDK's newer
    // default (checksum trailers on every upload).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An upload waits for the store at most this long before the owner is told to try again.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 60_000 },
  });
  const Bucket = config.bucket;
  const checked = (key: string) => {
    if (!isStoreKey(key)) throw new Error(`not a store key: ${key}`);
    return key;
  };

  async function exists(Key: string): Promise<boolean> {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  return {
    kind: 's3',
    ...storeAddresses(publicBaseUrl),

    async put(key: string, body: FileBody, contentType: string): Promise<boolean> {
      const Key = checked(key);
      try {
        if (await exists(Key)) return false;
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key,
            Body: Buffer.isBuffer(body) ? body : createReadStream(body.file),
            ContentLength: Buffer.isBuffer(body) ? body.length : body.bytes,
            ContentType: contentType,
            CacheControl: IMMUTABLE_CACHE,
          }),
        );
        return true;
      } catch (error) {
        throw asUnavailable(error);
      }
    },

    async get(key: string, range?: string) {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket, Key: checked(key), ...(range ? { Range: range } : {}) }),
        );
        return {
          body: answer.Body as Readable,
          contentType: answer.ContentType,
          length: answer.ContentLength,
          contentRange: answer.ContentRange,
        };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw asUnavailable(error);
      }
    },

    async delete(key: string) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
      } catch (error) {
        throw asUnavailable(error);
      }
    },

    async check() {
      // A write and its removal: proves the keys, the bucket and the right to write, which a
      // HeadBucket (read permission only) would not.
      const Key = `${PROBE_PREFIX}${randomUUID()}`;
      try {
        await client.send(new PutObjectCommand({ Bucket, Key, Body: 'ok', ContentLength: 2 }));
        await client.send(new DeleteObjectCommand({ Bucket, Key }));
      } catch (error) {
        throw explainCheckFailure(config, error);
      }
    },
  };
}
