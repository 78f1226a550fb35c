/** Spec 2.4: avatar initials are the first letters of the full name (at most two), or 'U'. */
export function initials(fullName: string | null | undefined): string {
  const letters = (fullName ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
  return Array.from(letters).slice(0, 2).join('') || 'U';
}
