import { requestLocale } from './request-locale.ts';
import { translate } from '../../i18n/translate.ts';
import { localeFromPath, type Locale } from '../../i18n/locales.ts';

/**
 * The largest JSON or form body anyone may send: the biggest real one (nine passengers' details) is about 3 KB.
 * Bigger bodies are refused with 413 before they are parsed. One number for the API (Hono's bodyLimit), the pages'
 * form posts (`readForm`), the Astro middleware (Content-Length) and the Node adapter (a stream without one).
 */
export const MAX_BODY_BYTES = 64 * 1024;

export function tooLargeMessage(locale: Locale): string {
  return translate('api_body_too_large', locale, { kilobytes: MAX_BODY_BYTES / 1024 });
}

/** The 413 answer, in the API's one error shape and the reader's language (the path's, else Accept-Language). */
export function bodyTooLarge(request: Request): Response {
  const path = new URL(request.url).pathname;
  const locale = path.startsWith('/api/') ? requestLocale(request) : localeFromPath(path);
  return Response.json(
    { message: tooLargeMessage(locale) },
    { status: 413, headers: { 'Cache-Control': 'no-store' } },
  );
}

/** True when the request says (Content-Length) that its body is over the limit: refused before a byte is read. */
export function declaredTooLarge(request: Request): boolean {
  const declared = Number(request.headers.get('Content-Length') ?? 0);
  return Number.isFinite(declared) && declared > MAX_BODY_BYTES;
}

/** A body read within the limit; `tooLarge` when it was not (a chunked body that kept coming). */
async function readLimited(request: Request): Promise<Buffer | 'tooLarge'> {
  if (declaredTooLarge(request)) return 'tooLarge';
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) {
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

/**
 * A page's form post, read within the limit: url-encoded or multipart fields as strings (files are dropped).
 * Reads a clone, so the page can still hand the request to Astro.rewrite (which needs the body unread).
 * Answers `tooLarge` for a body over the limit; an unreadable body reads as an empty form.
 */
export async function readForm(request: Request): Promise<URLSearchParams | 'tooLarge'> {
  const bytes = await readLimited(request.clone());
  if (bytes === 'tooLarge') return 'tooLarge';
  const type = request.headers.get('Content-Type') ?? '';
  const fields = new URLSearchParams();
  try {
    const form = await new Response(new Uint8Array(bytes), { headers: { 'Content-Type': type } }).formData();
    for (const [name, value] of form) if (typeof value === 'string') fields.append(name, value);
  } catch {
    // Not a form (wrong type, broken multipart): no fields, so every required one is reported missing.
  }
  return fields;
}
