/** Reading time as people say it: "under a minute", "4 min", "1 h 5 min". */
export function formatTimeSpent(seconds: number): string {
  if (seconds < 60) return seconds === 0 ? 'not yet' : 'under a minute';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
