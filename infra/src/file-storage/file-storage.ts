import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files' bytes live, by an opaque key. Services never build paths themselves,
 * so an S3-compatible adapter can stand beside the disk one (the key becomes the object name).
 */
export type FileStorage = {
  /** Stores the bytes under `key` (written once, never overwritten in place). */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes under `key`, or null when nothing is stored there. */
  get(key: string): Promise<Buffer | null>;
};

const KEY = /^[a-z0-9][a-z0-9/_-]{0,200}$/;

/**
 * Files on a local disk under `root` (the embedded default: DATA_DIR/files). A file is written
 * to a temporary name and renamed into place, so a reader never sees half of one. Keys are
 * checked, so none climbs out of `root`.
 */
export function diskFileStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    if (!KEY.test(key) || key.includes('..')) throw new Error(`not a storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomUUID()}.part`;
      await writeFile(temp, bytes, { mode: 0o600 });
      await rename(temp, target);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
  };
}

/** A storage key of bytes: their SHA-256, fanned out over folders so none grows huge. */
export function contentKey(prefix: string, bytes: Buffer): { key: string; sha256: string } {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return { key: `${prefix}/${sha256.slice(0, 2)}/${sha256}`, sha256 };
}
