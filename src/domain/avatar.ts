/**
 * The profile picture's rules (docs/product-rules.md, Accounts; server/images/avatar-image.ts applies them):
 * what a person may upload and what the site keeps of it. One home for the numbers the server checks and the
 * page's words quote.
 */

/** The largest picture file accepted (the 2 MB). With JavaScript the page sends a cropped copy far smaller. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** In megabytes, for the messages. */
export const AVATAR_MAX_MEGABYTES = AVATAR_MAX_BYTES / (1024 * 1024);

/**
 * The most pixels a picture may declare: a 24-megapixel photo (6000 x 4000) decodes; a small file claiming
 * 20,000 x 20,000 (a decompression bomb) is refused before it is decoded.
 */
export const AVATAR_MAX_INPUT_PIXELS = 24_000_000;

/** The kept picture: a square this many pixels wide (three times the largest size it is shown at). */
export const AVATAR_SIZE = 256;

/** The formats read (as the decoder names them, found from the file's content, never from its name or type). */
export const AVATAR_FORMATS = ['jpeg', 'png', 'webp', 'gif', 'heif'] as const;

/** What the file picker offers; AVIF is `heif` to the decoder. A phone converts HEIC photos to JPEG for it. */
export const AVATAR_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

export function isAvatarFormat(format: string | undefined): boolean {
  return (AVATAR_FORMATS as readonly string[]).includes(format ?? '');
}
