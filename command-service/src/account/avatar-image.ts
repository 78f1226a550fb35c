import { createHash } from 'node:crypto';
import { AVATAR_SIZE_PX } from '@leadfloor/contracts';
import sharp from 'sharp';

/** What an upload may be, known only by decoding it: never by its name or the type the client claims. */
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp']);
/** A decompression bomb (a small file of a huge picture) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;

export class NotAnAcceptedImage extends Error {
  override readonly name = 'NotAnAcceptedImage';
}

export type AvatarImage = { hash: string; webp: Buffer };

/**
 * The stored form of an uploaded avatar: decoded (PNG, JPEG or WebP only; an SVG, a GIF or
 * text is refused), turned upright by its EXIF orientation, cropped to a centred square of
 * AVATAR_SIZE_PX, re-encoded as WebP without the original's metadata (no GPS position leaves
 * with it), and named by the SHA-256 of those bytes.
 */
export async function toAvatar(upload: Buffer): Promise<AvatarImage> {
  let format: string | undefined;
  try {
    format = (await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw new NotAnAcceptedImage('The file is not an image.');
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new NotAnAcceptedImage('Upload a PNG, JPEG or WebP image.');
  let webp: Buffer;
  try {
    webp = await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // A truncated or corrupt file that announced a known format.
    throw new NotAnAcceptedImage('The image could not be read.');
  }
  return { hash: createHash('sha256').update(webp).digest('hex'), webp };
}

/** Where a stored avatar is served: stable for its bytes, so it may be cached for good. */
export const avatarUrlOf = (hash: string) => `/api/avatars/${hash}.webp`;
