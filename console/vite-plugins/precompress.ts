import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|css|html|svg)$/;

/**
 * Writes `.br` and `.gz` beside every text asset of the build, compressed once at maximum
 * level, so the gateway can send them as they are (@fastify/static's `preCompressed`)
 * instead of compressing on every request or not at all.
 */
export function precompress(): Plugin {
  return {
    name: 'leadfloor:precompress',
    apply: 'build',
    async writeBundle(options) {
      const dir = options.dir;
      if (!dir) return;
      const files = (await readdir(dir, { recursive: true })).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(files.map(async (file) => {
        const source = await readFile(join(dir, file));
        const [br, gzipped] = await Promise.all([
          brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
          gz(source, { level: 9 }),
        ]);
        await Promise.all([writeFile(join(dir, `${file}.br`), br), writeFile(join(dir, `${file}.gz`), gzipped)]);
      }));
    },
  };
}
