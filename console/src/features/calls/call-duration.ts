/** The longest call the API takes (LogCallBodySchema): a day. */
export const MAX_CALL_SECONDS = 86_400;

/**
 * Spec 9: a call's duration as minutes and seconds, as the notifications word it: '4m 5s',
 * '45s', '1h 2m 5s' (hours only past the hour). Null (a call still running) is '—'.
 */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return '—';
  const s = Math.round(seconds);
  const [h, m, rest] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  if (h > 0) return `${h}h ${m}m ${rest}s`;
  return m > 0 ? `${m}m ${rest}s` : `${rest}s`;
}

/** The same as a clock, '4:05' or '1:02:05': the form the duration field takes. */
export function durationClock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const [h, m, rest] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const ss = String(rest).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

const CLOCK = /^(?:(\d+):)?(\d+):(\d{2})$/;
const WORDS = /^(?:(\d+(?:\.\d+)?)\s*h(?:ours?|rs?)?)?\s*(?:(\d+(?:\.\d+)?)\s*m(?:in(?:utes?|s)?)?)?\s*(?:(\d+)\s*s(?:ec(?:onds?|s)?)?)?$/i;

/**
 * What an agent types for a call's length, in seconds, or null when it is not a duration:
 * a clock ('4:05', '1:02:05'; two-digit seconds below 60, and minutes below 60 after hours), words ('4m 5s',
 * '4 min', '90s', '1h 5m'), or a plain number of minutes ('4', '2.5').
 */
export function parseDuration(raw: string): number | null {
  const text = raw.trim();
  if (text === '') return null;
  const clock = CLOCK.exec(text);
  if (clock) {
    const [h, m, s] = [Number(clock[1] ?? 0), Number(clock[2]), Number(clock[3])];
    if (s >= 60 || (clock[1] !== undefined && m >= 60)) return null;
    return h * 3600 + m * 60 + s;
  }
  if (/^\d+(?:\.\d+)?$/.test(text)) return Math.round(Number(text) * 60);
  const words = WORDS.exec(text);
  if (!words || (words[1] ?? words[2] ?? words[3]) === undefined) return null;
  return Math.round(Number(words[1] ?? 0) * 3600 + Number(words[2] ?? 0) * 60 + Number(words[3] ?? 0));
}
