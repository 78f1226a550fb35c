import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { inlineScriptHashes } from './vite-plugins/inline-script-hashes.ts';
import { precompress } from './vite-plugins/precompress.ts';
import { zodWithoutJsonSchema } from './vite-plugins/zod-without-json-schema.ts';

// The gateway the dev server and `vite preview` forward /api and /ws to. The Host header is
// kept (no changeOrigin) so the browser's Origin still matches the host the gateway sees and
// its foreign-Origin check accepts our writes.
const gateway = process.env.LEADFLOOR_API_URL ?? 'http://localhost:3000';
const proxy: Record<string, ProxyOptions> = {
  '/api': { target: gateway, xfwd: true },
  '/ws': { target: gateway.replace(/^http/, 'ws'), ws: true, xfwd: true },
};

export default defineConfig({
  plugins: [react(), tailwindcss(), zodWithoutJsonSchema(), inlineScriptHashes(), precompress()],
  server: { proxy },
  preview: { proxy },
  build: {
    target: 'es2022',
    // Minified, not gzipped: the entry (React, the router, TanStack Query, zod) is ~370 kB here
    // and ~115 kB on the wire. The budget that matters (QUALITY.md: 150 KiB gzip for a page's
    // initial JS) is measured per page; this only flags a chunk that suddenly balloons.
    chunkSizeWarningLimit: 420,
    rolldownOptions: {
      // The shared schema packages only declare zod schemas, so a module of theirs whose exports
      // nothing uses can go. Without this, the contracts barrel pulls every feature's schemas
      // (calls, sales, notifications...) into the entry chunk of every page.
      treeshake: { moduleSideEffects: [{ test: /\/(contracts|events)\/src\//, sideEffects: false }] },
      output: {
        codeSplitting: {
          // The libraries every page runs at start-up, in one file: split across the entry and
          // several small shared chunks (as lazy pages share bits of them) they cost ~2 KiB more
          // gzip, each file compressed on its own.
          groups: [{ name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|zod)[\\/]/ }],
        },
      },
    },
  },
});
