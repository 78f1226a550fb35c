/** Spec 2.7's quick tags, offered beside the tag editor and as filter chips. */
export const QUICK_TAGS = [
  'Hot Lead', 'Needs Follow-up', 'First-time Buyer', 'Repeat Customer', 'VIP', 'High Budget', 'Ready to Buy', 'Just Looking',
] as const;

/** The longest tag the server stores (contracts' TagsBodySchema). */
export const MAX_TAG_LENGTH = 60;

const key = (tag: string) => tag.toLocaleLowerCase();

/**
 * Spec 2.7's tag rules: trimmed, empty ones dropped, duplicates dropped (ignoring case, so
 * 'vip' does not sit beside 'VIP'); the first spelling wins and the order is kept.
 */
export function cleanTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim().slice(0, MAX_TAG_LENGTH).trim();
    if (!tag || seen.has(key(tag))) continue;
    seen.add(key(tag));
    out.push(tag);
  }
  return out;
}

/** The list with one more tag, or null when the tag is empty or already there (nothing to save). */
export function withTag(tags: readonly string[], raw: string): string[] | null {
  const next = cleanTags([...tags, raw]);
  return next.length === cleanTags(tags).length ? null : next;
}
