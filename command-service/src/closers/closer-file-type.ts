import type { CloserFileType } from '@leadfloor/contracts';

/**
 * What an uploaded file is, known from its first bytes only (never from its name or the type
 * the browser claims): a PDF, a PNG, a JPEG or a WebP picture. Anything else (HTML, SVG, a
 * script, an executable, an Office macro file) is null and refused.
 */
export function sniffCloserFileType(bytes: Buffer): CloserFileType | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

const EXTENSION: Record<CloserFileType, string> = { 'application/pdf': '.pdf', 'image/png': '.png', 'image/jpeg': '.jpg', 'image/webp': '.webp' };

/**
 * The name a file is shown and downloaded under: the browser's name without any folder,
 * control or direction-override characters, at most 150 characters, ending in the extension
 * of what the file really is (so `cv.pdf.exe` holding a PDF downloads as `cv.pdf.exe.pdf`).
 */
export function displayName(given: string | undefined, type: CloserFileType): string {
  const base = (given ?? '').split(/[/\\]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069"]/g, '').trim().slice(0, 150);
  const ext = EXTENSION[type];
  const named = clean.length > 0 ? clean : 'file';
  return named.toLowerCase().endsWith(ext) || (type === 'image/jpeg' && /\.jpe?g$/i.test(named)) ? named : `${named}${ext}`;
}
