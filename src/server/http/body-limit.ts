import { requestLocale } from './request-locale.ts';
import { translate } from '../../i18n/translate.ts';
import { localeFromPath, type Locale } from '../../i18n/locales.ts';
import { AVATAR_MAX_BYTES, AVATAR_MAX_MEGABYTES } from '../../domain/avatar.ts';

/**
 * The largest JSON or form body anyone may send: the biggest real one (nine passengers' details) is about 3 KB.
 * Bigger bodies are refused with 413 before they are parsed, by the API (Hono's bodyLimit), the pages' form posts
 * (`readForm`) and the Astro middleware (Content-Length). The one exception is a profile picture's upload
 * (`PICTURE_BODY_BYTES`, `maxBodyBytes`).
 */
export const MAX_BODY_BYTES = 64 * 1024;

/** Where the API takes a profile picture. */
export const PICTURE_API_PATH = '/api/profile/avatar';

/** A profile picture's post: the file (AVATAR_MAX_BYTES) and the few fields around it. */
export const PICTURE_BODY_BYTES = AVATAR_MAX_BYTES + MAX_BODY_BYTES;

/** A picture over the limit, as a refusal's key and parameters: one wording for the API and the plain form. */
export const PICTURE_TOO_LARGE = {
  key: 'avatar_error_too_large',
  params: { megabytes: AVATAR_MAX_MEGABYTES },
} as const;

/** The API call and the page (without JavaScript, My account's own form) that take a profile picture. */
const picturePaths = new Set([PICTURE_API_PATH, '/my-account', '/id/my-account']);

/** Whether a path takes a profile picture (up to 2 MB) rather than a form's 64 KB. */
export function takesPicture(path: string): boolean {
  return picturePaths.has(path);
}

/** The largest body a path takes: a picture's where one is uploaded, else the forms' 64 KB. */
export function maxBodyBytes(path: string): number {
  return takesPicture(path) ? PICTURE_BODY_BYTES : MAX_BODY_BYTES;
}

/** The pages that read a picture post themselves and show a picture too big at its field (no early 413). */
export function pageCountsItsBody(path: string): boolean {
  return takesPicture(path) && !path.startsWith('/api/');
}

export function tooLargeMessage(locale: Locale): string {
  return translate('api_body_too_large', locale, { kilobytes: MAX_BODY_BYTES / 1024 });
}

/**
 * The 413 answer, in the API's one error shape and the reader's language (the path's, else Accept-Language); for a
 * `picture` upload, at its field and in megabytes.
 */
export function bodyTooLarge(request: Request, picture = false): Response {
  const path = new URL(request.url).pathname;
  const locale = path.startsWith('/api/') ? requestLocale(request) : localeFromPath(path);
  const message = picture
    ? translate(PICTURE_TOO_LARGE.key, locale, PICTURE_TOO_LARGE.params)
    : tooLargeMessage(locale);
  return Response.json(
    { message, ...(picture ? { errors: { image: [message] } } : {}) },
    { status: 413, headers: { 'Cache-Control': 'no-store' } },
  );
}

/**
 * True when the request says (Content-Length) that its body is over its path's limit (or `limit`): refused before
 * a byte is read.
 */
export function declaredTooLarge(
  request: Request,
  limit = maxBodyBytes(new URL(request.url).pathname),
): boolean {
  const declared = Number(request.headers.get('Content-Length') ?? 0);
  return Number.isFinite(declared) && declared > limit;
}

/** A body read within `limit`; `tooLarge` when it was not (declared so, or a chunked body that kept coming). */
async function readLimited(request: Request, limit: number): Promise<Buffer | 'tooLarge'> {
  if (declaredTooLarge(request, limit)) return 'tooLarge';
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        // Not awaited: cancelling one branch of a cloned (teed) body settles only once the other is cancelled too.
        reader.cancel().catch(() => undefined);
        return 'tooLarge';
      }
      chunks.push(value);
    }
  } catch {
    // The Node adapter's own stream limit, or a client that hung up: nothing usable either way.
    return 'tooLarge';
  }
  return Buffer.concat(chunks);
}

/** A post's form (url-encoded or multipart) read within `limit`; an unreadable body (not a form) is an empty one. */
async function postedForm(request: Request, limit: number): Promise<FormData | 'tooLarge'> {
  // A clone, so the page can still hand the request to Astro.rewrite (which needs the body unread).
  const bytes = await readLimited(request.clone(), limit);
  if (bytes === 'tooLarge') return 'tooLarge';
  const type = request.headers.get('Content-Type') ?? '';
  try {
    return await new Response(new Uint8Array(bytes), { headers: { 'Content-Type': type } }).formData();
  } catch {
    // Not a form (wrong type, broken multipart): no fields, so every required one is reported missing.
    return new FormData();
  }
}

function textFields(form: FormData): URLSearchParams {
  const fields = new URLSearchParams();
  for (const [name, value] of form) if (typeof value === 'string') fields.append(name, value);
  return fields;
}

/**
 * A page's form post, read within the limit: url-encoded or multipart fields as strings (files are dropped).
 * Answers `tooLarge` for a body over the limit; an unreadable body reads as an empty form.
 */
export async function readForm(request: Request): Promise<URLSearchParams | 'tooLarge'> {
  const form = await postedForm(request, MAX_BODY_BYTES);
  return form === 'tooLarge' ? 'tooLarge' : textFields(form);
}

/** A picture form's post, read within PICTURE_BODY_BYTES: its fields, and the first file's bytes (if any). */
export async function readPictureForm(
  request: Request,
): Promise<{ fields: URLSearchParams; image?: Uint8Array } | 'tooLarge'> {
  const form = await postedForm(request, PICTURE_BODY_BYTES);
  if (form === 'tooLarge') return 'tooLarge';
  // An empty file input still sends a part: an empty, nameless file, meaning no picture was chosen.
  const file = [...form.values()].find((value) => typeof value !== 'string' && value.size > 0);
  const image = file && typeof file !== 'string' ? new Uint8Array(await file.arrayBuffer()) : undefined;
  return { fields: textFields(form), ...(image ? { image } : {}) };
}
