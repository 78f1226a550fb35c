/** '45 s', '12 min', '3 h 20 min', '2 d 4 h': a report's duration as a person reads it; '—' when there is none. */
export function durationLabel(ms: number | null): string {
  if (ms === null) return '—';
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const days = Math.floor(minutes / 1_440);
  const hours = Math.floor((minutes % 1_440) / 60);
  const mins = minutes % 60;
  return days > 0 ? `${days} d${hours > 0 ? ` ${hours} h` : ''}` : `${hours} h${mins > 0 ? ` ${mins} min` : ''}`;
}

/** '42%' of a rate, '—' when nothing was claimed that way. */
export const rateLabel = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);
