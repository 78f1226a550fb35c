// One small stylesheet for every published page, inlined in <style> and allowed by its hash in the
// page's Content-Security-Policy (see style-hash.ts). Block rules are scoped to .fp-* classes so the
// builder can load them beside the console's own styles.

const BLOCK_CSS = `
.fp-page{--fp-bg:#fff;--fp-fg:#1f2937;--fp-muted:#6b7280;--fp-line:#e5e7eb;--fp-card:#f9fafb;--fp-accent:#4f46e5;--fp-accent-fg:#fff;
background:var(--fp-bg);color:var(--fp-fg);font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;padding:24px 16px 48px}
.fp-page>*{max-width:720px;margin:0 auto 32px}
.fp-page h1{font-size:clamp(28px,6vw,44px);line-height:1.15;margin:0 0 12px}
.fp-page h2{font-size:24px;line-height:1.25;margin:0 0 12px}
.fp-page h3{font-size:18px;margin:0 0 8px}
.fp-page p{margin:0 0 12px}
.fp-hero{padding:32px 0 8px}
.fp-align-center{text-align:center}
.fp-lead{font-size:20px;color:var(--fp-muted)}
.fp-figure{margin-left:auto;margin-right:auto}
.fp-figure img{display:block;max-width:100%;height:auto;border-radius:8px}
.fp-figure figcaption{color:var(--fp-muted);font-size:14px;margin-top:8px}
.fp-video{position:relative;aspect-ratio:16/9;background:#000;border-radius:8px;overflow:hidden}
.fp-video iframe,.fp-video video{position:absolute;inset:0;width:100%;height:100%;border:0}
.fp-bullets{margin:0;padding-left:22px}
.fp-bullets li{margin:0 0 6px}
.fp-testimonial{border-left:4px solid var(--fp-accent);padding:8px 0 8px 20px}
.fp-testimonial blockquote{margin:0;font-size:19px;font-style:italic}
.fp-author{font-weight:600;display:block}
.fp-role{color:var(--fp-muted);font-size:14px}
.fp-plans{display:grid;gap:16px;grid-template-columns:repeat(auto-fit,minmax(200px,1fr))}
.fp-plan{border:1px solid var(--fp-line);border-radius:12px;padding:20px;background:var(--fp-card)}
.fp-plan-highlighted{border:2px solid var(--fp-accent)}
.fp-price{font-size:28px;font-weight:700}
.fp-period{font-size:15px;font-weight:400;color:var(--fp-muted)}
.fp-countdown{text-align:center;border:1px solid var(--fp-line);border-radius:12px;padding:20px;background:var(--fp-card)}
.fp-deadline{font-size:20px;font-weight:600}
.fp-faq details{border-bottom:1px solid var(--fp-line);padding:12px 0}
.fp-faq summary{cursor:pointer;font-weight:600}
.fp-faq details p{margin:8px 0 0}
.fp-form-block{border:1px solid var(--fp-line);border-radius:12px;padding:24px;background:var(--fp-card)}
.fp-field{margin:0 0 16px}
.fp-field label{display:block;font-weight:600;margin:0 0 4px}
.fp-field input,.fp-field textarea{box-sizing:border-box;width:100%;font:inherit;padding:10px 12px;border:1px solid #9ca3af;border-radius:8px;background:var(--fp-bg);color:var(--fp-fg)}
.fp-field input:focus,.fp-field textarea:focus{outline:2px solid var(--fp-accent);outline-offset:1px}
.fp-hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.fp-cta{text-align:center}
.fp-button{display:inline-block;font:inherit;font-weight:600;border:0;border-radius:8px;padding:12px 28px;background:var(--fp-accent);color:var(--fp-accent-fg);text-decoration:none;cursor:pointer}
.fp-button:focus-visible{outline:3px solid var(--fp-fg);outline-offset:2px}
.fp-button[aria-disabled="true"]{cursor:default}
.fp-placeholder{border:1px dashed var(--fp-muted);border-radius:8px;padding:16px;color:var(--fp-muted);text-align:center}
.fp-notice{border-radius:8px;padding:12px 16px;background:var(--fp-card);border:1px solid var(--fp-line)}
`;

/** Colours follow the visitor's light or dark preference. */
const DARK_CSS = `@media (prefers-color-scheme:dark){.fp-page{--fp-bg:#111827;--fp-fg:#f3f4f6;--fp-muted:#9ca3af;--fp-line:#374151;--fp-card:#1f2937;--fp-accent:#818cf8;--fp-accent-fg:#111827}}`;

/** The block styles alone, for the builder's preview. */
export const FUNNEL_BLOCK_CSS = BLOCK_CSS.trim();
/** The stylesheet of a published page. */
export const FUNNEL_PAGE_CSS = `html,body{margin:0}body{background:#fff}@media (prefers-color-scheme:dark){body{background:#111827}}\n${BLOCK_CSS.trim()}\n${DARK_CSS}`;
