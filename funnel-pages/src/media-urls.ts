// Public pages only load media over https from addresses a visitor's browser can check;
// anything else (javascript:, data:, relative tricks) is refused by validation and never rendered.

export function httpsUrl(raw: string): URL | null {
  let url: URL;
  try { url = new URL(raw.trim()); } catch { return null; }
  return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '' ? url : null;
}

export type VideoSource = { kind: 'embed'; src: string } | { kind: 'file'; src: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;
const VIMEO_ID = /^\d{1,15}$/;

/** YouTube and Vimeo links become their privacy-friendly embeds; an https .mp4/.webm plays in a <video>. */
export function videoSource(raw: string): VideoSource | null {
  const url = httpsUrl(raw);
  if (!url) return null;
  const host = url.hostname.replace(/^www\./, '');
  if (host === 'youtube.com' || host === 'm.youtube.com' || host === 'youtu.be' || host === 'youtube-nocookie.com') {
    const id = host === 'youtu.be' ? url.pathname.slice(1)
      : url.pathname === '/watch' ? url.searchParams.get('v') ?? ''
        : url.pathname.replace(/^\/(embed|shorts)\//, '');
    return YOUTUBE_ID.test(id) ? { kind: 'embed', src: `https://www.youtube-nocookie.com/embed/${id}` } : null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = url.pathname.split('/').filter(Boolean).pop() ?? '';
    return VIMEO_ID.test(id) ? { kind: 'embed', src: `https://player.vimeo.com/video/${id}` } : null;
  }
  return /\.(mp4|webm)$/i.test(url.pathname) ? { kind: 'file', src: url.href } : null;
}

/** The origins a published page may frame or load media from, for its Content-Security-Policy. */
export const FUNNEL_PAGE_FRAME_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

const DEADLINE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?Z?$/;

/** A countdown's deadline as a UTC instant, or null when it is not one. */
export function deadline(raw: string): Date | null {
  const m = DEADLINE.exec(raw.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number];
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d && h < 24 && mi < 60 && s < 60 ? at : null;
}
