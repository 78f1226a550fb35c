import type { FieldError } from './submission-fields';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** What a browser without script shows after a refused post: each problem, and the way back to the form. */
export function submissionErrorsPage(errors: readonly FieldError[], back: string): string {
  const items = errors.map((e) => `<li>${escape(e.message)}</li>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Please check the form</title>`
    + '<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1f2937}a{color:#1d4ed8}</style></head>'
    + `<body><main><h1>Please check the form</h1><ul>${items}</ul><p><a href="${escape(back)}">Back to the form</a></p></main></body></html>`;
}
