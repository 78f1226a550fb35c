/**
 * How long a held lead has before the floor's auto-release takes it back: 'in 2 h 14 min' with
 * minute precision while there is time, seconds in the last ten minutes, and a plain word once
 * it is due (the server's timer releases it within moments). `tone` says how urgent it is.
 */
export function countdown(releaseAt: string, now: Date): { label: string; tone: 'neutral' | 'warning' | 'danger'; refreshMs: number } {
  const left = Date.parse(releaseAt) - now.getTime();
  if (left <= 0) return { label: 'Returning to the pool now', tone: 'danger', refreshMs: 5_000 };
  const seconds = Math.ceil(left / 1000);
  const tone = seconds <= 3_600 ? (seconds <= 600 ? 'danger' : 'warning') : 'neutral';
  if (seconds < 600) {
    const m = Math.floor(seconds / 60);
    return { label: `in ${m > 0 ? `${m} min ` : ''}${seconds % 60} s`, tone, refreshMs: 1_000 };
  }
  const minutes = Math.ceil(seconds / 60);
  const days = Math.floor(minutes / 1_440);
  const hours = Math.floor((minutes % 1_440) / 60);
  const mins = minutes % 60;
  const parts = days > 0 ? [`${days} d`, hours > 0 ? `${hours} h` : ''] : [hours > 0 ? `${hours} h` : '', mins > 0 ? `${mins} min` : ''];
  return { label: `in ${parts.filter(Boolean).join(' ')}`, tone, refreshMs: 30_000 };
}
