/** A duration as a person reads it at a glance: '45s', '12m', '3.5h', '2.1d'. Null: '—'. */
export function durationLabel(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${Math.round(seconds)}s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)}m`;
  if (seconds < 86_400) return `${trim(seconds / 3600)}h`;
  return `${trim(seconds / 86_400)}d`;
}
const trim = (n: number) => (n >= 10 ? String(Math.round(n)) : n.toFixed(1).replace(/\.0$/, ''));
