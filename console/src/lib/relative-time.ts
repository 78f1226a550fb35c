/**
 * Spec 9's short relative time: 'just now' under 60 s, then 'Nm ago', 'Nh ago', 'Nd ago'.
 * `now` is a parameter so the rule is testable and one render uses one clock reading.
 * Future instants (a clock slightly ahead of the server's) read as 'just now'.
 */
export function relativeTime(at: Date | string, now: Date = new Date()): string {
  const then = typeof at === 'string' ? new Date(at) : at;
  const seconds = Math.floor((now.getTime() - then.getTime()) / 1000);
  if (Number.isNaN(seconds)) return '';
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  return `${Math.floor(hours / 24)}d ago`;
}
