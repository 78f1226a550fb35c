import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

// zod's JSON Schema generator: every zod schema object links to it (`.toJSONSchema()`, the
// `~standard` JSON Schema hooks), so tree-shaking cannot drop it, yet the console never turns
// a schema into JSON Schema (the server does, for the API document).
const GENERATOR = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/;

/**
 * Leaves zod's JSON Schema generator out of the console build: each of those two modules is
 * replaced by one that exports the same names, each throwing if it were ever used. About
 * 17 kB minified (~5 KiB gzip) less on every page's start-up (QUALITY.md: initial JS ≤ 150 KiB
 * gzip). Parsing does not touch them; `npm run test:e2e -w console` parses every answer the
 * journeys read. The names come from the installed module, so a zod upgrade cannot leave one
 * missing.
 */
export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'leadfloor:zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      if (!GENERATOR.test(id)) return null;
      const source = await readFile(id, 'utf8');
      const names = [...source.matchAll(/^export (?:const|let|function|class) ([A-Za-z_$][\w$]*)/gm)].map((m) => m[1]!);
      const aliased = [...source.matchAll(/^export \{([^}]*)\}/gm)].flatMap((m) => m[1]!.split(',').map((n) => n.trim().split(/\s+as\s+/).pop()!).filter(Boolean));
      // `create…Method` factories run when a schema's `~standard` props are read (form
      // resolvers do): they hand back the thrower instead of throwing themselves.
      return [
        'const unavailable = () => { throw new Error("zod JSON Schema generation is left out of the console build"); };',
        ...[...new Set([...names, ...aliased])].map((name) => `export const ${name} = ${name.startsWith('create') ? '() => unavailable' : 'unavailable'};`),
      ].join('\n');
    },
  };
}
