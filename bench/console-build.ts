import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildConsole as buildWith } from '@leadfloor/console/build/build-console';

export type ConsoleBuild = {
  dir: string;
  /** The gzip size of one built file (`/assets/…`), as the gateway sends it: the build's own `.gz` (level 9). */
  gzipBytes(path: string): Promise<number>;
  remove(): Promise<void>;
};

/**
 * A production build of the console in a folder of its own (the server under test is pointed at
 * it with CONSOLE_DIR), so the bench measures exactly the code it serves and never overwrites
 * `console/dist`.
 */
export async function buildConsole(): Promise<ConsoleBuild> {
  const dir = await mkdtemp(join(tmpdir(), 'lf-bench-console-'));
  await buildWith({ outDir: dir });
  return {
    dir,
    async gzipBytes(path) {
      const file = join(dir, path);
      const precompressed = await stat(`${file}.gz`).catch(() => null);
      return precompressed ? precompressed.size : gzipSync(await readFile(file), { level: 9 }).length;
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
