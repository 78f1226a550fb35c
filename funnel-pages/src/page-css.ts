import { readFileSync } from 'node:fs';

// One small stylesheet for every published page, inlined in <style> and allowed by its hash in the
// page's Content-Security-Policy (see style-hash.ts). The block rules live in blocks.css, which the
// console's builder loads as a stylesheet for its preview (its CSP allows no inline style).

/** The block styles alone (blocks.css). */
export const FUNNEL_BLOCK_CSS = readFileSync(new URL('./blocks.css', import.meta.url), 'utf8').trim();
/** The stylesheet of a published page. */
export const FUNNEL_PAGE_CSS = `html,body{margin:0}body{background:#fff}@media (prefers-color-scheme:dark){body{background:#111827}}\n${FUNNEL_BLOCK_CSS}`;
