import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The theme must be applied before first paint, so index.html carries one tiny inline script.
 * The gateway's Content-Security-Policy forbids inline scripts unless their hash is allowed:
 * this plugin writes `dist/csp-hashes.json` ({"script-src": ["'sha256-…'"]}) so the gateway
 * can allow exactly these scripts instead of loosening the policy with 'unsafe-inline'.
 */
export function inlineScriptHashes(): Plugin {
  return {
    name: 'leadfloor:inline-script-hashes',
    apply: 'build',
    // writeBundle runs after Vite has emitted the final index.html.
    async writeBundle(options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset' || !options.dir) return;
      const source = typeof html.source === 'string' ? html.source : new TextDecoder().decode(html.source);
      const hashes = [...source.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
        .map((m) => `'sha256-${createHash('sha256').update(m[1] ?? '').digest('base64')}'`);
      await writeFile(join(options.dir, 'csp-hashes.json'), `${JSON.stringify({ 'script-src': hashes }, null, 2)}\n`);
    },
  };
}
