import type { Config } from '../../config';
import type { FileStore } from './file-store';
import { createLocalFileStore } from './local-file-store';
import { createS3FileStore } from './s3-file-store';

/** The configured store (decision 115); server.ts calls `check()` on it before listening. */
export function createFileStore(config: Config): FileStore {
  return config.storage.kind === 's3'
    ? createS3FileStore(config.storage, config.uploadsPublicUrl)
    : createLocalFileStore(config.uploadsDir, config.uploadsPublicUrl);
}
