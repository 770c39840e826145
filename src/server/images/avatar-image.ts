import sharp, { type Metadata } from 'sharp';
import {
  AVATAR_MAX_BYTES,
  AVATAR_MAX_INPUT_PIXELS,
  AVATAR_MAX_MEGABYTES,
  AVATAR_SIZE,
  isAvatarFormat,
} from '../../domain/avatar.ts';
import { refuse } from '../validation-errors.ts';

/**
 * An uploaded picture made into the one the site keeps: a square WebP, `AVATAR_SIZE` wide, turned upright, centred
 * (a picture cropped in the browser is square already). What is kept is newly encoded pixels and nothing else: no
 * EXIF (a phone's GPS position), no ICC or XMP, no trailing bytes, so a "polyglot" file (a picture that is also a
 * script) comes out as a plain picture. The format is read from the content, never from the name or the type sent.
 * Refuses (413, 422) a file too big, not a picture we read, or one declaring more pixels than allowed (read from
 * its header before decoding, so a decompression bomb never unpacks).
 */
export async function avatarWebp(upload: Uint8Array): Promise<Buffer> {
  if (upload.byteLength > AVATAR_MAX_BYTES)
    throw refuse('image', 'avatar_error_too_large', { megabytes: AVATAR_MAX_MEGABYTES });
  const options = { limitInputPixels: AVATAR_MAX_INPUT_PIXELS, failOn: 'error' as const };
  let header: Metadata;
  try {
    // The header only (no pixels decoded), without the pixel limit, so a picture too big says so.
    header = await sharp(upload, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch {
    throw refuse('image', 'avatar_error_unreadable');
  }
  if (!isAvatarFormat(header.format)) throw refuse('image', 'avatar_error_unreadable');
  if ((header.width || 0) * (header.height || 0) > AVATAR_MAX_INPUT_PIXELS)
    throw refuse('image', 'avatar_error_pixels', { megapixels: AVATAR_MAX_INPUT_PIXELS / 1_000_000 });
  try {
    return await sharp(upload, options)
      .autoOrient()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // A header that reads but pixels that do not (a truncated or corrupt file).
    throw refuse('image', 'avatar_error_unreadable');
  }
}
