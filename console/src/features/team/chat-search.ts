/** A search's words as the server matches them: letters and digits, each a prefix of a word. */
export function searchWords(q: string): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 10);
}

export type ExcerptPart = { text: string; match: boolean };

/**
 * Where a found message matched: the words that start with a searched word marked, cut to
 * about `radius` characters either side of the first match (an ellipsis where text was left
 * out). Line breaks read as spaces in a result.
 */
export function searchExcerpt(content: string, q: string, radius = 80): ExcerptPart[] {
  const text = content.replace(/\s+/g, ' ').trim();
  const words = searchWords(q);
  const hits = [...text.matchAll(/[\p{L}\p{N}]+/gu)]
    .filter((w) => words.some((q) => w[0].toLowerCase().startsWith(q)))
    .map((w) => ({ start: w.index, end: w.index + w[0].length }));
  const first = hits[0]?.start ?? 0;
  let from = Math.max(0, first - radius);
  let to = Math.min(text.length, first + radius * 2);
  // Cut at spaces, not inside a word.
  if (from > 0) from = text.indexOf(' ', from) + 1 || from;
  if (to < text.length) to = text.lastIndexOf(' ', to) > first ? text.lastIndexOf(' ', to) : to;
  const parts: ExcerptPart[] = [];
  const push = (t: string, match: boolean) => t && parts.push({ text: t, match });
  let at = from;
  for (const h of hits) {
    if (h.end <= from || h.start >= to) continue;
    push(text.slice(at, Math.max(at, h.start)), false);
    push(text.slice(Math.max(at, h.start), Math.min(h.end, to)), true);
    at = Math.min(h.end, to);
  }
  push(text.slice(at, to), false);
  if (from > 0) parts.unshift({ text: '…', match: false });
  if (to < text.length) parts.push({ text: '…', match: false });
  return parts;
}
