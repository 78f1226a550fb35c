import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentKey, diskFileStorage } from './file-storage';

let root: string;
beforeAll(async () => { root = await mkdtemp(path.join(tmpdir(), 'file-storage-')); });
afterAll(async () => rm(root, { recursive: true, force: true }));

describe('disk file storage', () => {
  it('keeps bytes under a content key and gives them back; an unknown key is null', async () => {
    const storage = diskFileStorage(root);
    const bytes = Buffer.from('%PDF-1.4 hello');
    const { key, sha256 } = contentKey('closers', bytes);
    expect(key).toBe(`closers/${sha256.slice(0, 2)}/${sha256}`);
    await storage.put(key, bytes);
    await storage.put(key, bytes); // the same bytes again: written whole, no temporary file left behind
    expect((await storage.get(key))?.equals(bytes)).toBe(true);
    expect(await readdir(path.join(root, 'closers', sha256.slice(0, 2)))).toEqual([sha256]);
    expect(await storage.get('closers/00/missing')).toBeNull();
  });

  it('refuses keys that would leave its folder', async () => {
    const storage = diskFileStorage(root);
    for (const key of ['../escape', 'closers/../../etc/passwd', '/abs', '', 'UPPER']) {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow('not a storage key');
    }
  });
});
