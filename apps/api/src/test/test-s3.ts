import fs from 'node:fs';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { makeTempDir } from './test-app';

/** s3rver's access key pair (it checks signatures against it). */
const KEY = 'S3RVER';
const OBJECT_SUFFIX = '._S3rver_object';

export interface TestS3 {
  bucket: string;
  endpoint: string;
  /** The settings that point the shop at this store (config.ts, decision 115). */
  env: Record<string, string>;
  /** Keys of every object in the bucket, sorted. */
  objects(): string[];
  /** Stops answering (connections refused) until `start()`; what it holds stays. */
  stop(): Promise<void>;
  /** Answers again on the same port (nothing happens while it runs). */
  start(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver, pure JavaScript: it downloads nothing) on a free port of
 * 127.0.0.1, with one empty bucket, keeping its objects in a temporary folder.
 */
export async function startTestS3(bucket = 'vastra-test'): Promise<TestS3> {
  const directory = makeTempDir('s3');
  let port = 0;
  let server: S3rver | undefined;
  const start = async () => {
    if (server) return;
    server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    port = (await server.run()).port;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    bucket,
    endpoint,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    objects() {
      const root = path.join(directory, bucket);
      if (!fs.existsSync(root)) return [];
      return fs
        .readdirSync(root, { recursive: true })
        .map(String)
        .filter((file) => file.endsWith(OBJECT_SUFFIX))
        .map((file) => file.slice(0, -OBJECT_SUFFIX.length).split(path.sep).join('/'))
        .sort();
    },
    async stop() {
      await server?.close();
      server = undefined;
    },
    start,
  };
}
