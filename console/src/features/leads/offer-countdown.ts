/** '4:32' left on an offer (minutes and seconds), and how much of its time is gone (0..1). */
export function offerCountdown(offeredAt: string, expiresAt: string, now: Date): { label: string; spent: number; over: boolean } {
  const total = Math.max(1, Date.parse(expiresAt) - Date.parse(offeredAt));
  const left = Math.max(0, Date.parse(expiresAt) - now.getTime());
  const seconds = Math.ceil(left / 1000);
  const label = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return { label, spent: Math.min(1, Math.max(0, 1 - left / total)), over: left === 0 };
}
