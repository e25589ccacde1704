import { randomUUID } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { access, copyFile, link, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  isStoreKey,
  storeAddresses,
  StoreConfigError,
  type FileBody,
  type FileStore,
} from './file-store';

function isCode(error: unknown, code: string): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === code;
}

/** Places `source` at `target` unless `target` exists: link() and COPYFILE_EXCL refuse a name. */
async function placeExclusively(source: string, target: string): Promise<boolean> {
  try {
    await link(source, target);
    return true;
  } catch (error) {
    if (isCode(error, 'EEXIST')) return false;
    if (!isCode(error, 'EXDEV')) throw error;
  }
  // Another file system: copy to a temporary name beside the target, then link that.
  const tmp = `${target}.${randomUUID()}.tmp`;
  try {
    await copyFile(source, tmp, constants.COPYFILE_EXCL);
    return await placeExclusively(tmp, target);
  } finally {
    await rm(tmp, { force: true });
  }
}

/**
 * The default: files under `DATA_DIR/uploads`, served by the API's static route. Every name is
 * written whole to a temporary file first, so a crash never leaves half a picture under its name.
 */
export function createLocalFileStore(root: string, publicBaseUrl?: string): FileStore {
  const fileOf = (key: string) => {
    if (!isStoreKey(key)) throw new Error(`not a store key: ${key}`);
    return path.join(root, key);
  };
  return {
    kind: 'local',
    ...storeAddresses(publicBaseUrl),

    async put(key: string, body: FileBody): Promise<boolean> {
      const target = fileOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      if (!Buffer.isBuffer(body)) return placeExclusively(body.file, target);
      const tmp = `${target}.${randomUUID()}.tmp`;
      try {
        await writeFile(tmp, body);
        return await placeExclusively(tmp, target);
      } finally {
        await rm(tmp, { force: true });
      }
    },

    async get(key: string) {
      const file = fileOf(key);
      try {
        const { size } = await stat(file);
        return {
          body: createReadStream(file),
          contentType: undefined,
          length: size,
          contentRange: undefined,
        };
      } catch (error) {
        if (isCode(error, 'ENOENT')) return undefined;
        throw error;
      }
    },

    async delete(key: string) {
      await rm(fileOf(key), { force: true });
    },

    async check() {
      try {
        await mkdir(root, { recursive: true });
        await access(root, constants.W_OK);
      } catch (error) {
        throw new StoreConfigError(`DATA_DIR: cannot write to ${root} (${String(error)})`, {
          cause: error,
        });
      }
    },
  };
}
